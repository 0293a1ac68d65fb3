import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { AppShell } from '@/features/shell/app-shell';
import { SHELL_MESSAGES } from '@/features/shell/messages';

function renderShell(ui: React.ReactElement) {
  return render(<MemoryRouter initialEntries={['/home']}>{ui}</MemoryRouter>);
}

const sidebar = () => screen.queryByRole('complementary', { name: SHELL_MESSAGES.sidebar });
const headerToggle = () => screen.getByRole('button', { name: SHELL_MESSAGES.toggleSidebar });

describe('AppShell', () => {
  it('starts with the sidebar open and the page in <main id="main">', () => {
    renderShell(
      <AppShell>
        <h1>Library</h1>
      </AppShell>,
    );
    expect(sidebar()).toBeInTheDocument();
    expect(headerToggle()).toHaveAttribute('aria-expanded', 'true');
    const main = screen.getByRole('main');
    expect(main).toHaveAttribute('id', 'main');
    expect(within(main).getByRole('heading', { name: 'Library' })).toBeInTheDocument();
  });

  it('has a Skip to content link to #main', () => {
    renderShell(<AppShell>page</AppShell>);
    expect(screen.getByRole('link', { name: SHELL_MESSAGES.skipToContent })).toHaveAttribute('href', '#main');
  });

  it('toggles from the header button', async () => {
    renderShell(<AppShell>page</AppShell>);
    await userEvent.click(headerToggle());
    expect(sidebar()).not.toBeInTheDocument();
    expect(headerToggle()).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(headerToggle());
    expect(sidebar()).toBeInTheDocument();
    expect(headerToggle()).toHaveAttribute('aria-expanded', 'true');
  });

  it('closes from the button inside the sidebar and reopens from the header', async () => {
    renderShell(<AppShell>page</AppShell>);
    await userEvent.click(within(sidebar()!).getByRole('button', { name: SHELL_MESSAGES.closeSidebar }));
    expect(sidebar()).not.toBeInTheDocument();
    await userEvent.click(headerToggle());
    expect(sidebar()).toBeInTheDocument();
  });

  it('controlled: both toggles call onToggleSidebar and the prop decides', async () => {
    const onToggle = vi.fn();
    function Controlled() {
      const [open, setOpen] = useState(true);
      return (
        <AppShell
          sidebarOpen={open}
          onToggleSidebar={() => {
            onToggle();
            setOpen((o) => !o);
          }}
        >
          page
        </AppShell>
      );
    }
    renderShell(<Controlled />);
    await userEvent.click(within(sidebar()!).getByRole('button', { name: SHELL_MESSAGES.closeSidebar }));
    expect(onToggle).toHaveBeenCalledTimes(1);
    expect(sidebar()).not.toBeInTheDocument();
    await userEvent.click(headerToggle());
    expect(onToggle).toHaveBeenCalledTimes(2);
    expect(sidebar()).toBeInTheDocument();
  });

  it('controlled closed stays closed until the owner opens it', () => {
    renderShell(
      <AppShell sidebarOpen={false} onToggleSidebar={() => {}}>
        page
      </AppShell>,
    );
    expect(sidebar()).not.toBeInTheDocument();
    expect(headerToggle()).toHaveAttribute('aria-expanded', 'false');
  });

  it('below 768 px the sidebar is a drawer, closed by default, Escape closes it', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      matches: query.includes('max-width: 767'),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    })) as typeof window.matchMedia;
    try {
      renderShell(<AppShell>page</AppShell>);
      expect(screen.queryByRole('dialog', { name: SHELL_MESSAGES.sidebar })).not.toBeInTheDocument();
      expect(headerToggle()).toHaveAttribute('aria-expanded', 'false');
      await userEvent.click(headerToggle());
      const drawer = screen.getByRole('dialog', { name: SHELL_MESSAGES.sidebar });
      expect(drawer.contains(document.activeElement)).toBe(true);
      await userEvent.keyboard('{Escape}');
      expect(screen.queryByRole('dialog', { name: SHELL_MESSAGES.sidebar })).not.toBeInTheDocument();
      expect(headerToggle()).toHaveFocus();
    } finally {
      window.matchMedia = original;
    }
  });
});
