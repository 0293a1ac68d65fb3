import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SelectField } from '@/ui/select';
import { UI_MESSAGES } from '@/ui/messages';

const statuses = [
  { label: 'Publish', value: 'publish' },
  { label: 'Draft', value: 'draft' },
  { label: 'Pending', value: 'pending' },
];

describe('SelectField', () => {
  it("shows 'Field should not be empty' in the error state, tied to the control", () => {
    render(<SelectField label="Status" items={statuses} invalid />);
    const message = screen.getByText(UI_MESSAGES.fieldShouldNotBeEmpty);
    expect(message).toHaveTextContent('Field should not be empty');
    const trigger = screen.getByRole('combobox', { name: /Status/ });
    expect(trigger).toHaveAttribute('aria-invalid', 'true');
    expect(trigger).toHaveAccessibleDescription('Field should not be empty');
  });

  it('shows no error text while valid', () => {
    render(<SelectField label="Status" items={statuses} />);
    expect(screen.queryByText(UI_MESSAGES.fieldShouldNotBeEmpty)).not.toBeInTheDocument();
  });

  it("marks an optional field '(Optional)'", () => {
    render(<SelectField label="Category" items={statuses} optional />);
    expect(screen.getByText('(Optional)')).toBeInTheDocument();
  });

  it('picks a value', async () => {
    function Controlled() {
      const [value, setValue] = useState<string | null>(null);
      return (
        <>
          <SelectField label="Status" items={statuses} value={value} onValueChange={setValue} invalid={!value} />
          <output>{value ?? 'none'}</output>
        </>
      );
    }
    render(<Controlled />);
    await userEvent.click(screen.getByRole('combobox', { name: /Status/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Draft' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('draft'));
    expect(screen.queryByText(UI_MESSAGES.fieldShouldNotBeEmpty)).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Status/ })).toHaveTextContent('Draft');
  });
});
