import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { PROFILE_MENU_LABELS as L } from '@/features/shell/messages';
import { ProfileMenu, type ProfileMenuProps } from '@/features/shell/profile-menu';

function Location() {
  const location = useLocation();
  return <output aria-label="location">{location.pathname + location.search}</output>;
}

function renderMenu(props: Partial<ProfileMenuProps> = {}) {
  const handlers = { onStartUserGuide: vi.fn(), onSupport: vi.fn(), onLogout: vi.fn() };
  render(
    <MemoryRouter initialEntries={['/home']}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <ProfileMenu userName="Ada Lovelace" isPaidPlan={false} {...handlers} {...props} />
              <Location />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
  return handlers;
}

async function openMenu() {
  await userEvent.click(screen.getByRole('button', { name: /Ada Lovelace/ }));
  return screen.findByRole('menu');
}

/**
 * Chooses an item with the keyboard (arrow keys, then Enter), as a keyboard user would.
 * Zag's menu highlights items on pointer moves only when its global interaction-modality tracker
 * says "pointer", which jsdom does not reproduce reliably between tests; link items are also
 * covered by mouse clicks above.
 */
async function chooseWithKeyboard(menu: HTMLElement, name: string) {
  const target = within(menu).getByRole('menuitem', { name });
  for (let i = 0; i < 12 && !target.hasAttribute('data-highlighted'); i++) {
    await userEvent.keyboard('{ArrowDown}');
  }
  expect(target).toHaveAttribute('data-highlighted');
  await userEvent.keyboard('{Enter}');
}

describe('ProfileMenu (01 §2)', () => {
  it('lists the items in the spec order', async () => {
    renderMenu();
    const menu = await openMenu();
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual([
      L.profile,
      L.subscription,
      L.startUserGuide,
      L.manageBrands,
      L.settings,
      L.wordpress,
      L.support,
      L.logout,
    ]);
  });

  it.each([
    [L.profile, '/credit-based?target=profile'],
    [L.subscription, '/credit-based?target=subscription'],
    [L.manageBrands, '/credit-based?target=brand&page=1'],
    [L.settings, '/credit-based?target=settings'],
    [L.wordpress, '/credit-based?target=wordpress'],
  ])('%s goes to %s', async (label, target) => {
    renderMenu();
    const menu = await openMenu();
    const item = within(menu).getByRole('menuitem', { name: label });
    expect(item).toHaveAttribute('href', target);
    await userEvent.click(item);
    await waitFor(() => expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(target));
  });

  it.each([
    [L.startUserGuide, 'onStartUserGuide'],
    [L.support, 'onSupport'],
    [L.logout, 'onLogout'],
  ] as const)('%s calls %s', async (label, handler) => {
    const handlers = renderMenu();
    const menu = await openMenu();
    await chooseWithKeyboard(menu, label);
    // Log out runs once the menu has closed and its trigger has the focus back (the dialog it opens returns the
    // focus to what had it when it opened)
    await waitFor(() => expect(handlers[handler]).toHaveBeenCalledTimes(1));
    if (handler === 'onLogout') expect(screen.getByRole('button', { name: /Ada Lovelace/ })).toHaveFocus();
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/home');
  });

  it('opens from the keyboard, Enter on a link item navigates, focus returns on Escape', async () => {
    renderMenu();
    const trigger = screen.getByRole('button', { name: /Ada Lovelace/ });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    await chooseWithKeyboard(menu, L.settings);
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/credit-based?target=settings'),
    );
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('menu');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('shows the credits bar for paid plans, capped at 100 %', async () => {
    renderMenu({ isPaidPlan: true, credits: { used: 6200, total: 5000 } });
    await openMenu();
    const popup = screen.getByRole('region', { name: /account menu/ });
    const bar = within(popup).getByRole('progressbar', { name: 'Credits used' });
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(popup).toHaveTextContent('6,200 / 5,000');
  });

  it('shows the real share of credits used', async () => {
    renderMenu({ isPaidPlan: true, credits: { used: 1250, total: 5000 } });
    await openMenu();
    const popup = screen.getByRole('region', { name: /account menu/ });
    expect(within(popup).getByRole('progressbar', { name: 'Credits used' })).toHaveAttribute('aria-valuenow', '25');
  });

  it('hides the credits bar on the free plan', async () => {
    renderMenu({ isPaidPlan: false, credits: { used: 10, total: 100 } });
    await openMenu();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByText(/Credits/)).not.toBeInTheDocument();
  });
});
