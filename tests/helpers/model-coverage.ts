/**
 * Coverage of a state machine by tests: which state nodes were entered and which
 * transitions (by definition) were taken.
 *
 * Static side: `machineGraph(machine)` walks the machine definition (state nodes, their
 * `transitions` map — which in xstate 5 already holds `on`, `onDone`, invoke onDone/onError
 * and `after` transitions — and their `always` list).
 *
 * Dynamic side: `createCoverageTracker(machine)` returns an `inspect` callback for
 * `createActor(machine, { inspect: tracker.inspect })`. xstate 5.33 emits one
 * `@xstate.microstep` inspection event per microstep with `_transitions` (the
 * TransitionDefinitions taken) and `snapshot`; `@xstate.snapshot` events give the initial
 * snapshot. The tracker keys a taken transition with the same string as `machineGraph`, so
 * `machine.provide(...)` copies (new StateNode objects) are tracked against the original.
 *
 * Transition key: `${sourceId} --${eventType}--> ${targetIds|'(self)'}`; eventless
 * transitions use the event type `always`; when one source/event has several candidate
 * transitions (guarded alternatives), each gets a suffix ` [#i guardName|else]` so they
 * are counted separately.
 */
import { __unsafe_getAllOwnEventDescriptors, type AnyEventObject, type AnyStateMachine, type EventObject, type SnapshotFrom, type InputFrom } from 'xstate';
import { TestModel, type TestModelOptions } from 'xstate/graph';

export interface CoverageReport {
  machineId: string;
  states: number;
  transitions: number;
  coveredStates: number;
  coveredTransitions: number;
  uncoveredStates: string[];
  uncoveredTransitions: string[];
}

type AnyNode = any;
type AnyTransition = any;

function guardLabel(guard: unknown): string {
  if (!guard) return 'else';
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') return (guard as { name?: string }).name || 'inline';
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String((guard as { type: unknown }).type);
  return 'guard';
}

function candidatesOf(source: AnyNode, eventType: string): AnyTransition[] {
  if (eventType === '') return source.always ?? [];
  return source.transitions?.get(eventType) ?? [];
}

/** The key of one transition definition (works for static and runtime definitions). */
export function transitionKey(t: AnyTransition): string {
  const source: AnyNode = t.source;
  const eventType: string = t.eventType;
  const targets: string = t.target && t.target.length ? t.target.map((n: AnyNode) => n.id).join(',') : '(self)';
  const base = `${source.id} --${eventType === '' ? 'always' : eventType}--> ${targets}`;
  const candidates = candidatesOf(source, eventType);
  if (candidates.length <= 1) return base;
  const i = candidates.indexOf(t);
  return `${base} [#${i} ${guardLabel(t.guard)}]`;
}

function walk(node: AnyNode, visit: (n: AnyNode) => void): void {
  visit(node);
  for (const child of Object.values(node.states ?? {})) walk(child, visit);
}

/** Static graph of the machine definition: every state node id, every transition as `${sourceId} --${eventType}--> ${targetIds|'(self)'}` (include always/after transitions, guarded alternatives counted separately) */
export function machineGraph(machine: AnyStateMachine): { states: string[]; transitions: string[] } {
  const states: string[] = [];
  const transitions: string[] = [];
  walk(machine.root, (node) => {
    if (node !== machine.root) states.push(node.id);
    for (const list of (node.transitions as Map<string, AnyTransition[]>).values()) {
      for (const t of list) transitions.push(transitionKey(t));
    }
    for (const t of node.always ?? []) transitions.push(transitionKey(t));
  });
  return { states, transitions: [...new Set(transitions)] };
}

/** Tracks which states/transitions actually occurred; feed it from the inspection API: createActor(machine, { inspect: tracker.inspect }) — microsteps give the transitions taken. */
export function createCoverageTracker(machine: AnyStateMachine): {
  inspect: (ev: any) => void;
  report(): CoverageReport;
  print(): void;
} {
  const graph = machineGraph(machine);
  const knownStates = new Set(graph.states);
  const seenStates = new Set<string>();
  const seenTransitions = new Set<string>();

  const isOurs = (snapshot: any): boolean =>
    !!snapshot && snapshot.machine && snapshot.machine.id === machine.id && Array.isArray(snapshot._nodes);

  const noteSnapshot = (snapshot: any) => {
    if (!isOurs(snapshot)) return;
    for (const n of snapshot._nodes) if (knownStates.has(n.id)) seenStates.add(n.id);
  };

  const inspect = (ev: any) => {
    if (!ev || typeof ev !== 'object') return;
    if (ev.type === '@xstate.microstep') {
      if (!isOurs(ev.snapshot)) return;
      noteSnapshot(ev.snapshot);
      for (const t of ev._transitions ?? []) {
        seenTransitions.add(transitionKey(t));
        // The source was active when the transition was taken (covers transient initial states,
        // which the initial microstep — not reported by xstate — enters and leaves at once).
        for (let n = t.source; n; n = n.parent) if (knownStates.has(n.id)) seenStates.add(n.id);
      }
    } else if (ev.type === '@xstate.snapshot') {
      noteSnapshot(ev.snapshot);
    }
  };

  const report = (): CoverageReport => {
    const uncoveredStates = graph.states.filter((s) => !seenStates.has(s));
    const uncoveredTransitions = graph.transitions.filter((t) => !seenTransitions.has(t));
    return {
      machineId: machine.id,
      states: graph.states.length,
      transitions: graph.transitions.length,
      coveredStates: graph.states.length - uncoveredStates.length,
      coveredTransitions: graph.transitions.length - uncoveredTransitions.length,
      uncoveredStates,
      uncoveredTransitions,
    };
  };

  return {
    inspect,
    report,
    print() {
      const r = report();
      console.log(`${r.machineId}: states ${r.coveredStates}/${r.states}, transitions ${r.coveredTransitions}/${r.transitions}`);
    },
  };
}

/**
 * `createTestModel` of xstate 5.33.3 refuses machines with `invoke` or `after`
 * ("Invocations on test machines are not supported"), although its graph walker only calls the
 * pure `machine.transition()` with a mock actor scope that starts no actor and schedules no
 * delay. This builds the same TestModel as `createTestModel` (same state matcher and event
 * expansion) without that validation, so the REAL machine is the model: an invoke is modelled
 * by its `xstate.done.actor.<id>` / `xstate.error.actor.<id>` events and a delay by its
 * `xstate.after.<delay>.<stateId>` event (give them in `events` with the wanted `output`, or a
 * bare `{ type }` is used). When `events` gives a done or error event for an actor id, only the
 * given outcome(s) of that actor are explored (no bare counterpart is added). Pass `serializeState` (see TOOLCHAIN.md): it is required here.
 */
export function createMachineTestModel<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: Omit<Partial<TestModelOptions<SnapshotFrom<TMachine>, AnyEventObject, InputFrom<TMachine>>>, 'events' | 'serializeState'> & {
    serializeState: (s: SnapshotFrom<TMachine>, e?: AnyEventObject, prev?: SnapshotFrom<TMachine>) => string;
    events?: readonly AnyEventObject[] | ((s: SnapshotFrom<TMachine>) => readonly AnyEventObject[]);
  },
): TestModel<SnapshotFrom<TMachine>, AnyEventObject, InputFrom<TMachine>> {
  const { events: getEvents, ...rest } = options;
  return new TestModel<SnapshotFrom<TMachine>, AnyEventObject, InputFrom<TMachine>>(machine as never, {
    stateMatcher: (state: any, key: string) =>
      key.startsWith('#') ? state._nodes.includes(machine.getStateNodeById(key)) : state.matches(key),
    events: (state: any) => {
      const events = typeof getEvents === 'function' ? getEvents(state) : (getEvents ?? []);
      // an actor whose outcome (done or error) is given explicitly gets only the given outcome(s)
      const actorOf = (type: string) => /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(type)?.[1];
      const explicitActors = new Set(events.map((e) => actorOf(e.type)).filter(Boolean));
      return __unsafe_getAllOwnEventDescriptors(state).flatMap((eventType: string) => {
        if (events.some((e) => e.type === eventType)) return events.filter((e) => e.type === eventType);
        const actor = actorOf(eventType);
        return actor && explicitActors.has(actor) ? [] : [{ type: eventType }];
      });
    },
    ...rest,
  } as never);
}

/**
 * Event executors for `path.test({ events })` that replay a model path on a real actor:
 * ordinary events are sent; `xstate.after.<delay>.<stateId>` events advance simulated time
 * by the named delay (`delays[delay]`, or the number itself); done/error events of invoked
 * actors are left to the provided actors (`onActorEvent`, default: flush microtasks).
 */
export function replayExecutors(
  paths: ReadonlyArray<{ steps: ReadonlyArray<{ event: EventObject }> }>,
  opts: {
    send: (event: any) => void;
    advance: (ms: number) => void | Promise<void>;
    delays?: Record<string, number>;
    onActorEvent?: (event: any) => void | Promise<void>;
  },
): Record<string, (step: { event: any }) => Promise<void>> {
  const types = new Set(paths.flatMap((p) => p.steps.map((s) => s.event.type)));
  const out: Record<string, (step: { event: any }) => Promise<void>> = {};
  for (const type of types) {
    out[type] = async ({ event }) => {
      const after = /^xstate\.after\.([^.]+)\./.exec(event.type);
      if (after) {
        const key = after[1];
        const ms = opts.delays?.[key] ?? Number(key);
        if (!Number.isFinite(ms)) throw new Error(`unknown delay ${key}`);
        await opts.advance(ms);
      } else if (/^xstate\.(done|error)\.actor\./.test(event.type)) {
        await (opts.onActorEvent ? opts.onActorEvent(event) : Promise.resolve());
      } else if (event.type !== 'xstate.init') {
        opts.send(event);
      }
    };
  }
  return out;
}
