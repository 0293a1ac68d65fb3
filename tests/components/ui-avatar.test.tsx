import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar } from '@/ui/avatar';

/** The avatar (plain elements, src/ui/avatar.tsx): the picture once loaded, the initials until then and instead of it. */
describe('Avatar', () => {
  it('shows the initials until the picture has loaded, then the picture', () => {
    const { container } = render(<Avatar name="Ada Lovelace" src="/ada.png" decorative={false} />);
    const img = container.querySelector('img')!;
    expect(img).not.toBeVisible();
    expect(screen.getByText('AL')).toBeVisible();
    fireEvent.load(img);
    expect(screen.getByRole('img', { name: 'Ada Lovelace' })).toBeVisible();
    expect(screen.getByText('AL')).not.toBeVisible();
  });

  it('keeps the initials when the picture fails, and tries a new address again', () => {
    const { container, rerender } = render(<Avatar name="Ada Lovelace" src="/broken.png" />);
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('AL')).toBeVisible();
    rerender(<Avatar name="Ada Lovelace" src="/ada.png" />);
    const img = container.querySelector('img')!;
    expect(img).toHaveAttribute('src', '/ada.png');
    fireEvent.load(img);
    expect(img).toBeVisible();
    expect(screen.getByText('AL')).not.toBeVisible();
  });

  it('is hidden from assistive technology when decorative (the name is next to it)', () => {
    const { container } = render(<Avatar name="Ada Lovelace" src="/ada.png" />);
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
    expect(container.querySelector('img')).toHaveAttribute('alt', '');
  });
});
