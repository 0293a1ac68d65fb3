import { describe, expect, test } from 'vitest';
import type { AnyActorRef, InspectionEvent } from 'xstate';
import { createAppActors, stopAppActors } from '@/state/app-actors';
import { wantsInspector } from '@/platform/inspect';

describe('Stately Inspect wiring', () => {
  test('asked for by ?inspect or VITE_INSPECT=1 only', () => {
    expect(wantsInspector('?inspect', undefined)).toBe(true);
    expect(wantsInspector('?a=1&inspect=1', undefined)).toBe(true);
    expect(wantsInspector('', '1')).toBe(true);
    expect(wantsInspector('', undefined)).toBe(false);
    expect(wantsInspector('?inspector-not', '0')).toBe(false);
  });

  test('every app-wide actor reports to the inspector given at start-up, under a readable id', () => {
    const events: InspectionEvent[] = [];
    const actors = createAppActors({ inspect: (e) => events.push(e) });
    actors.dialogs.send({ type: 'dialog.open', dialog: { name: 'no-network' } });
    stopAppActors(actors);

    const ids = new Set(events.map((e) => (e.actorRef as AnyActorRef).id));
    expect(ids).toContain('dialogs');
    expect(ids).toContain('navigationGuard');
    expect(ids).toContain('session');
    const types = new Set(events.map((e) => e.type));
    expect(types).toContain('@xstate.actor');
    expect(types).toContain('@xstate.snapshot');
    expect(events.some((e) => e.type === '@xstate.event' && (e.event as { type: string }).type === 'dialog.open')).toBe(true);
  });
});
