import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Menu } from '@ark-ui/react/menu';
import { it, vi, expect } from 'vitest';

for (const n of [1, 2, 3]) {
  it('raw ' + n, async () => {
    const onSelect = vi.fn();
    render(<Menu.Root onSelect={onSelect}><Menu.Trigger>Open</Menu.Trigger><Menu.Positioner><Menu.Content><Menu.Item value="a">A</Menu.Item></Menu.Content></Menu.Positioner></Menu.Root>);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'A' }));
    expect(onSelect).toHaveBeenCalled();
  });
}
