/** machines/README.md is generated from the machine definitions (scripts/machine-diagrams.ts) and must be current. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readmePath, renderReadme, toMermaid } from '../../scripts/machine-diagrams';
import { subscriptionGateMachine } from '@machines/subscription-gate.machine';
import { webinarMachine } from '@machines/webinar.machine';

describe('machine diagrams', () => {
  it('machines/README.md is up to date (run `npx tsx scripts/machine-diagrams.ts`)', async () => {
    const expected = await renderReadme();
    expect(readFileSync(readmePath, 'utf8')).toBe(expected);
  });

  it('renders states, guarded eventless edges, actor outcomes and final states', () => {
    const m = toMermaid(subscriptionGateMachine);
    expect(m.startsWith('stateDiagram-v2\n')).toBe(true);
    expect(m).toContain('[*] --> subscriptionGate_checking');
    expect(m).toContain('subscriptionGate_checking --> subscriptionGate_blocked: always [isEndedOrExpired]');
    expect(m).toContain('subscriptionGate_refreshing --> subscriptionGate_blocked: error refreshSubscription');
    expect(m).toContain('subscriptionGate_allowed --> [*]');
  });

  it('renders parallel regions and named delays', () => {
    const m = toMermaid(webinarMachine);
    expect(m).toContain('    --\n');
    expect(m).toContain('webinar_available_flow_waitingPrompt --> webinar_available_flow_dialog: after promptDelay');
  });

  it('lists every machine file with a section', async () => {
    const text = await renderReadme();
    for (const id of ['subscriptionGate', 'dialogManager', 'navigationGuard', 'session', 'chatStream', 'upgradeButton', 'trialCountdown', 'webinar'])
      expect(text).toContain(`## ${id}\n`);
  });
});
