import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CheckboxField } from '@/ui/checkbox';
import * as Field from '@/ui/field';
import { SwitchField } from '@/ui/switch';
import * as Tabs from '@/ui/tabs';
import { BetaBadge, KitBadge, NewBadge, ProBadge } from '@/ui/badge';
import { Avatar } from '@/ui/avatar';

describe('Field', () => {
  it('wires the label, helper text, error text, aria-invalid and aria-describedby', () => {
    render(
      <Field.Root invalid>
        <Field.Label>Title</Field.Label>
        <Field.Input />
        <Field.HelperText>Shown on the post.</Field.HelperText>
        <Field.ErrorText>Title is required</Field.ErrorText>
      </Field.Root>,
    );
    const input = screen.getByRole('textbox', { name: 'Title' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(/Title is required/);
    expect(input).toHaveAccessibleDescription(/Shown on the post\./);
  });

  it('hides the error text while valid', () => {
    render(
      <Field.Root>
        <Field.Label>Title</Field.Label>
        <Field.Textarea />
        <Field.ErrorText>Title is required</Field.ErrorText>
      </Field.Root>,
    );
    expect(screen.getByRole('textbox', { name: 'Title' })).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Title is required')).not.toBeInTheDocument();
  });
});

describe('Checkbox and Switch', () => {
  it('checkbox toggles by its label', async () => {
    render(<CheckboxField label="Notify subscribers" />);
    const box = screen.getByRole('checkbox', { name: 'Notify subscribers' });
    expect(box).not.toBeChecked();
    await userEvent.click(screen.getByText('Notify subscribers'));
    expect(box).toBeChecked();
  });

  it('switch toggles', async () => {
    render(<SwitchField label="Use brand voice" />);
    const control = screen.getByRole('switch', { name: 'Use brand voice' });
    expect(control).not.toBeChecked();
    await userEvent.click(screen.getByText('Use brand voice'));
    expect(control).toBeChecked();
  });
});

describe('Tabs', () => {
  it('shows the chosen panel', async () => {
    render(
      <Tabs.Root defaultValue="outline">
        <Tabs.List aria-label="Blog steps">
          <Tabs.Trigger value="outline">Outline</Tabs.Trigger>
          <Tabs.Trigger value="draft">Draft</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="outline">Outline panel</Tabs.Content>
        <Tabs.Content value="draft">Draft panel</Tabs.Content>
      </Tabs.Root>,
    );
    expect(screen.getByRole('tab', { name: 'Outline' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('tab', { name: 'Draft' }));
    expect(screen.getByRole('tabpanel', { name: 'Draft' })).toHaveTextContent('Draft panel');
  });
});

describe('Badges and avatar', () => {
  it('show the product marks', () => {
    render(
      <>
        <BetaBadge />
        <ProBadge />
        <NewBadge />
        <KitBadge />
      </>,
    );
    for (const mark of ['Beta', 'Pro', 'New', 'Kit']) expect(screen.getByText(mark)).toBeInTheDocument();
  });

  it('avatar falls back to initials', () => {
    render(<Avatar name="Ada Lovelace" decorative={false} />);
    expect(screen.getByText('AL')).toBeInTheDocument();
  });
});
