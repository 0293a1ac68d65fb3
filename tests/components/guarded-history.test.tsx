/**
 * The guarded history (src/app/guarded-history.ts): react-router's history with the blocker the navigation guard
 * of 01 §4 / 03 §4 needs — pushes, replaces and back/forward are asked first; a blocked one waits for proceed()
 * or reset(), and the router (the history's listeners) never hears of a navigation that did not happen.
 */
import { describe, expect, test } from 'vitest';
import { UNSAFE_createMemoryHistory } from 'react-router-dom';
import { createGuardedHistory, type BlockerArgs } from '@/app/guarded-history';

function setup(entries = ['/home'], index?: number) {
  const base = UNSAFE_createMemoryHistory({ initialEntries: entries, initialIndex: index, v5Compat: true });
  const history = createGuardedHistory(base);
  const heard: string[] = [];
  history.listen(({ action, location }) => heard.push(`${action} ${location.pathname}${location.search}`));
  const asked: BlockerArgs[] = [];
  let block = true;
  const unblock = history.block((args) => {
    asked.push(args);
    return block;
  });
  return {
    history,
    heard,
    asked,
    unblock,
    allow() {
      block = false;
    },
  };
}

describe('guarded history', () => {
  test('a blocked push waits: nothing moves until proceed(), which performs it once', () => {
    const { history, heard, asked } = setup();
    history.push('/chat?id=7');
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ historyAction: 'PUSH', nextLocation: { pathname: '/chat', search: '?id=7' } });
    expect(asked[0].currentLocation.pathname).toBe('/home');
    expect(history.blocker).toMatchObject({ state: 'blocked', location: { pathname: '/chat', search: '?id=7' } });
    expect(history.location.pathname).toBe('/home');
    expect(heard).toEqual([]);
    history.blocker.proceed!();
    expect(history.blocker.state).toBe('unblocked');
    expect(heard).toEqual(['PUSH /chat?id=7']);
    history.blocker.proceed?.(); // nothing held any more
    expect(heard).toEqual(['PUSH /chat?id=7']);
  });

  test('reset() drops the held navigation', () => {
    const { history, heard } = setup();
    history.replace('/pricing');
    expect(history.blocker.state).toBe('blocked');
    history.blocker.reset!();
    expect(history.blocker.state).toBe('unblocked');
    expect(history.location.pathname).toBe('/home');
    expect(heard).toEqual([]);
  });

  test('a navigation the blocker lets through happens at once', () => {
    const { history, heard, allow } = setup();
    allow();
    history.push('/chat');
    history.replace('/chat?id=1');
    expect(heard).toEqual(['PUSH /chat', 'REPLACE /chat?id=1']);
    expect(history.blocker.state).toBe('unblocked');
  });

  test('back: a blocked POP is undone at once (the router stays), and proceed() goes back after all', () => {
    const { history, heard, asked } = setup(['/home', '/chat'], 1);
    history.go(-1);
    expect(asked.at(-1)).toMatchObject({ historyAction: 'POP', nextLocation: { pathname: '/home' } });
    expect(asked.at(-1)!.currentLocation.pathname).toBe('/chat');
    expect(history.location.pathname).toBe('/chat');
    expect(heard).toEqual([]);
    expect(history.blocker).toMatchObject({ state: 'blocked', location: { pathname: '/home' } });
    history.blocker.proceed!();
    expect(history.location.pathname).toBe('/home');
    expect(heard).toEqual(['POP /home']);
    expect(asked).toHaveLength(1); // the proceed is not asked again
  });

  test('back, then reset(): stays on the page; a later back is asked again', () => {
    const { history, heard, asked } = setup(['/home', '/chat'], 1);
    history.go(-1);
    history.blocker.reset!();
    expect(history.location.pathname).toBe('/chat');
    history.go(-1);
    expect(asked).toHaveLength(2);
    expect(heard).toEqual([]);
  });

  test('removing the blocker releases a held navigation and stops asking', () => {
    const { history, heard, asked, unblock } = setup();
    history.push('/chat');
    unblock();
    expect(history.blocker.state).toBe('unblocked');
    history.push('/pricing');
    expect(asked).toHaveLength(1);
    expect(heard).toEqual(['PUSH /pricing']);
  });

  test('blocker changes are announced', () => {
    const { history } = setup();
    const states: string[] = [];
    const stop = history.subscribeBlocker(() => states.push(history.blocker.state));
    history.push('/chat');
    history.blocker.reset!();
    stop();
    history.push('/chat');
    expect(states).toEqual(['blocked', 'unblocked']);
  });

  test('a navigation made while the blocker function answers is not asked about again (it is that answer)', () => {
    const base = UNSAFE_createMemoryHistory({ initialEntries: ['/home'], v5Compat: true });
    const history = createGuardedHistory(base);
    const heard: string[] = [];
    history.listen(({ action, location }) => heard.push(`${action} ${location.pathname}`));
    const asked: string[] = [];
    // a blocker that navigates itself while it answers (as the guard's listener does on the machine's say-so)
    history.block(({ nextLocation }) => {
      asked.push(nextLocation.pathname);
      if (asked.length > 20) throw new Error('asked endlessly');
      history.push('/chat');
      return true;
    });
    history.push('/pricing');
    expect(asked).toEqual(['/pricing']);
    expect(heard).toEqual(['PUSH /chat']);
    // the outer one waits as its answer said; the next navigation is asked again
    expect(history.blocker).toMatchObject({ state: 'blocked', location: { pathname: '/pricing' } });
    history.blocker.reset!();
    history.replace('/home');
    expect(asked).toEqual(['/pricing', '/home']);
  });
});
