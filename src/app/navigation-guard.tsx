import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { useLocation, useNavigate, type Path } from 'react-router-dom';
import { useBlocker, type BlockerFunction } from './guarded-history';
import { useAppActors } from '@/state/app-actors';
import type { GenerationFlags } from '@/state/navigation-guard-hooks';

/**
 * The navigation guard of 01 §4 / 03 §4 wired to react-router. The decisions are the
 * navigationGuard machine's (machines/navigation-guard.machine.ts); this file only connects it:
 *
 *  - every in-app navigation (links, navigate(), browser back/forward) to another path goes through
 *    the guarded history's `useBlocker` (guarded-history.ts): the blocker function asks the machine (`nav.request {to}`) synchronously — XState
 *    delivers emitted events before `send` returns — and lets the navigation through when the
 *    machine answers `nav.navigate`, so an unguarded navigation is immediate (no extra render);
 *  - otherwise the navigation stays blocked while the machine's dialog is open ('Are you sure?' …,
 *    shown by the dialog host); `nav.navigate` then proceeds, `nav.cancel` resets; a request the
 *    machine refuses without a question (outline-loading) is reset at once;
 *  - `nav.navigate` for a request a feature made itself (`useGuardedNavigate`) navigates, marked so
 *    the blocker lets that one through;
 *  - the current path is reported (the storybook rule depends on it);
 *  - a `beforeunload` prompt is armed only while a generation runs (reloads, tab close, other sites).
 *
 * Mounted once per signed-in shell (src/app/layouts/shell-layout.tsx): generations only run on
 * signed-in pages, and the history holds one blocker at a time. Changes of query only (same path,
 * e.g. /credit-based?target=…) are not "leaving a page" and are not asked about.
 */
export function NavigationGuard() {
  const { navigationGuard: guard } = useAppActors();
  const navigate = useNavigate();
  const location = useLocation();
  /** set while the blocker function is asking the machine; records whether it said go */
  const asking = useRef<{ go: boolean } | null>(null);
  /** a navigation started here on the machine's say-so: let it through once */
  const allowNext = useRef<string | null>(null);
  /** the blocked navigation was proceeded (so a later reset must not undo it) */
  const proceeded = useRef(false);

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => {
      const to = hrefOf(nextLocation);
      if (allowNext.current !== null) {
        const allowed = allowNext.current === to;
        allowNext.current = null;
        if (allowed) return false;
      }
      if (nextLocation.pathname === currentLocation.pathname) return false;
      if (guard.getSnapshot().value !== 'idle') return true; // a question is already open
      asking.current = { go: false };
      try {
        guard.send({ type: 'nav.request', to });
        return !asking.current.go;
      } finally {
        asking.current = null;
      }
    },
    [guard],
  );
  const blocker = useBlocker(shouldBlock);
  const blockerRef = useRef(blocker);
  useLayoutEffect(() => {
    blockerRef.current = blocker;
  });

  // The machine's answer is heard in a layout effect, like the blocker is set (useBlocker): the two connect and
  // disconnect in the same phase of the same commit, so the shell whose blocker asks is always the shell that hears
  // the answer. With this in a passive effect (useEffect), a navigation made between a commit's layout and passive
  // effects — a shell swap (/chat's layout → /home's) followed at once by a push from a layout effect, or a click
  // landing before React ran the passive effects of a transition — was asked by the new shell's blocker and answered
  // to the old shell's listener, whose navigate() asked the new blocker again: an endless loop that froze the tab
  // (tests/components/navigation-guard.test.tsx 'a navigation while a new shell is still connecting its effects').
  useLayoutEffect(() => {
    const sub = guard.on('nav.navigate', ({ to }) => {
      if (asking.current) {
        asking.current.go = true;
        return;
      }
      const b = blockerRef.current;
      if (b.state === 'blocked' && !proceeded.current) {
        proceeded.current = true;
        if (b.location && hrefOf(b.location) === to) {
          b.proceed();
          return;
        }
        b.reset(); // blocked on another target than the one the guard confirmed: go where it said
      }
      allowNext.current = to;
      void navigate(to);
    });
    return () => sub.unsubscribe();
  }, [guard, navigate]);

  // A blocked navigation waits for the guard's question; when the guard is back to idle without
  // having said go ('Stay here', outline-loading), the navigation is dropped.
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    proceeded.current = false;
    const settle = (value: unknown) => {
      if (value === 'idle' && !proceeded.current && blockerRef.current.state === 'blocked') blockerRef.current.reset();
    };
    settle(guard.getSnapshot().value);
    const sub = guard.subscribe((s) => settle(s.value));
    return () => sub.unsubscribe();
  }, [blocker.state, guard]);

  useEffect(() => {
    guard.send({ type: 'nav.update', flags: { currentPath: location.pathname } });
  }, [guard, location.pathname]);

  const generating = useSelector(guard, (s) => isGenerating(s.context));
  useEffect(() => {
    if (!generating) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = ''; // older browsers need it set to show the prompt
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [generating]);

  return null;
}

function hrefOf(l: Path): string {
  return l.pathname + l.search + l.hash;
}

function isGenerating(f: GenerationFlags): boolean {
  return f.generationRunning || f.outlineInProgress || f.blogContentGenerating || f.storyboardInProgress;
}

