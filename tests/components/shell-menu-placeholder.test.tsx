import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProfileMenu as ProfileMenuType } from '@/features/shell/profile-menu';

/**
 * The shell's menus load after the first route (src/features/shell/shell-menus.ts); until then the trigger is a
 * plain stand-in (src/ui/menu-placeholder.ts). Here the menus' module is held back (and failed) on purpose, to
 * check that what the user does on the stand-in is carried over once the code arrives.
 */
const gate = { wait: Promise.resolve() as Promise<void>, release: () => {} };

function holdMenus() {
  let release!: () => void;
  let fail!: () => void;
  gate.wait = new Promise<void>((resolve, reject) => {
    release = resolve;
    fail = () => reject(new Error('offline'));
  });
  gate.release = release;
  gate.wait.catch(() => {}); // awaited by the mocked import; not an unhandled rejection when a test ends first
  return { release, fail };
}

let ProfileMenu: typeof ProfileMenuType;

beforeEach(async () => {
  // a fresh module registry per test: the menus' module starts not loaded, and its import waits for the gate
  vi.resetModules();
  vi.doMock('../../src/features/shell/shell-menu-parts', async (importOriginal) => {
    await gate.wait;
    return importOriginal();
  });
  ({ ProfileMenu } = await import('@/features/shell/profile-menu'));
});

// a test that leaves the import waiting lets it finish, so nothing of it is left pending for the next test
afterEach(() => gate.release());

function renderMenu() {
  const onLogout = vi.fn();
  render(
    <MemoryRouter initialEntries={['/home']}>
      <ProfileMenu userName="Ada Lovelace" email="ada@example.test" isPaidPlan={false} onLogout={onLogout} />
    </MemoryRouter>,
  );
  return { onLogout };
}

const trigger = () => screen.getByRole('button', { name: 'Ada Lovelace, account menu' });
const tick = () => new Promise((r) => setTimeout(r, 30));
/** Importing the menus' module (Ark Menu and its parts) can take a couple of seconds on a busy machine. */
const LOAD = { timeout: 10_000 };

describe('Profile menu before its code has loaded', () => {
  it('shows a stand-in trigger with the same name and popup semantics', async () => {
    holdMenus();
    renderMenu();
    const button = trigger();
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveTextContent('AL');
    expect(button).toHaveTextContent('ada@example.test');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('a click before the code arrives opens the menu once it does, with the focus in it', async () => {
    const menus = holdMenus();
    renderMenu();
    await userEvent.click(trigger());
    await tick();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    menus.release();
    const menu = await screen.findByRole('menu', {}, LOAD);
    expect(trigger()).toHaveAttribute('aria-expanded', 'true');
    // a pointer open highlights nothing (as Ark's own trigger)
    expect(within(menu).getAllByRole('menuitem').filter((i) => i.hasAttribute('data-highlighted'))).toEqual([]);
    await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));
  });

  it.each([
    ['{Enter}', 'Profile'],
    ['{ArrowDown}', 'Profile'],
    [' ', 'Profile'],
    ['{ArrowUp}', 'Log out'],
  ])('%s before the code arrives opens the menu on %s once it does; Escape gives the focus to the trigger', async (key, highlighted) => {
    const menus = holdMenus();
    renderMenu();
    trigger().focus();
    await userEvent.keyboard(key);
    await tick();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    menus.release();
    const menu = await screen.findByRole('menu', {}, LOAD);
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: highlighted })).toHaveAttribute('data-highlighted'));
    await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger()).toHaveFocus());
  });

  it('keyboard-opened, a choice works as usual (Enter on Log out)', async () => {
    const menus = holdMenus();
    const { onLogout } = renderMenu();
    trigger().focus();
    await userEvent.keyboard('{ArrowUp}');
    menus.release();
    const menu = await screen.findByRole('menu', {}, LOAD);
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Log out' })).toHaveAttribute('data-highlighted'));
    await userEvent.keyboard('{Enter}');
    // Log out runs once the menu has closed and the focus is back on its trigger (its dialog then returns it there)
    await waitFor(() => expect(onLogout).toHaveBeenCalledTimes(1));
  });

  it('the code arriving while the stand-in has the focus hands the focus to the real trigger, closed', async () => {
    const menus = holdMenus();
    renderMenu();
    const standIn = trigger();
    standIn.focus();
    menus.release();
    await waitFor(() => expect(trigger()).not.toBe(standIn), LOAD);
    await waitFor(() => expect(trigger()).toHaveFocus());
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
  });

  it('Escape while the code is on its way drops the wish: the menu does not open by surprise later', async () => {
    const menus = holdMenus();
    renderMenu();
    trigger().focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{Escape}');
    menus.release();
    // the real (Ark) trigger has replaced the stand-in
    await waitFor(() => expect(trigger()).toHaveAttribute('data-part', 'trigger'), LOAD);
    await tick();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('a load that failed (offline) is not kept: nothing opens, and the next click loads it again and opens the menu', async () => {
    const first = holdMenus();
    renderMenu();
    await userEvent.click(trigger());
    first.fail();
    await tick();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');

    const second = holdMenus();
    await userEvent.click(trigger());
    second.release();
    expect(await screen.findByRole('menu', {}, LOAD)).toBeInTheDocument();
  });
});
