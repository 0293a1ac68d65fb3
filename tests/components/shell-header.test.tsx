import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { Header } from '@/features/shell/header';
import { SHELL_MESSAGES } from '@/features/shell/messages';

function renderHeader(props: Partial<Parameters<typeof Header>[0]> = {}) {
  const onToggleSidebar = vi.fn();
  render(
    <MemoryRouter>
      <Header sidebarOpen onToggleSidebar={onToggleSidebar} {...props} />
    </MemoryRouter>,
  );
  return { onToggleSidebar };
}

describe('Header (01 §2)', () => {
  it('has the logo linking to /home', () => {
    renderHeader();
    expect(screen.getByRole('link', { name: SHELL_MESSAGES.home })).toHaveAttribute('href', '/home');
    expect(screen.getByRole('banner')).toHaveTextContent('Wordsmith AI');
  });

  it('has a labelled sidebar toggle reflecting the state', async () => {
    const { onToggleSidebar } = renderHeader({ sidebarOpen: false });
    const toggle = screen.getByRole('button', { name: SHELL_MESSAGES.toggleSidebar });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', 'app-sidebar');
    await userEvent.click(toggle);
    expect(onToggleSidebar).toHaveBeenCalledTimes(1);
  });

  it("hides 'Switch to Old UI' unless impersonating", () => {
    renderHeader();
    expect(screen.queryByRole('link', { name: SHELL_MESSAGES.switchToOldUi })).not.toBeInTheDocument();
  });

  it("shows 'Switch to Old UI' when impersonating", () => {
    renderHeader({ impersonating: true, oldUiHref: 'https://old.example.com/home' });
    expect(screen.getByRole('link', { name: SHELL_MESSAGES.switchToOldUi })).toHaveAttribute(
      'href',
      'https://old.example.com/home',
    );
  });

  it('renders the tool search and upgrade slots', () => {
    renderHeader({
      toolSearch: <input aria-label="Search tools" />,
      upgradeButton: <button type="button">Upgrade</button>,
    });
    expect(screen.getByRole('textbox', { name: 'Search tools' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upgrade' })).toBeInTheDocument();
  });
});
