/**
 * runGate, the one entry every generation goes through: it reads the user and plan from the real
 * backend, runs the subscription gate machine, and opens the machine's dialog when blocked.
 */
import { describe, expect, test } from 'vitest';
import { createTestServices, signInAs, useTestBackend } from '../helpers/render-app';
import { createAppActors, stopAppActors } from '@/state/app-actors';
import { runGate } from '@/state/gate';

const backend = useTestBackend();

async function gateFor(email: string, action: Parameters<typeof runGate>[2]) {
  const services = createTestServices(backend);
  await signInAs(services, email);
  const actors = createAppActors();
  const out = await runGate(services, actors, action);
  const open = actors.dialogs.getSnapshot().context.current;
  stopAppActors(actors);
  return { out, open };
}

describe('runGate', () => {
  test('an expired subscription is blocked with the expired dialog', async () => {
    const { out, open } = await gateFor('expired@demo.test', 'chat');
    expect(out.allowed).toBe(false);
    expect(open?.name).toBe('subscription-expired');
  });

  test('a free user out of words is blocked with the word-limit dialog', async () => {
    const { out, open } = await gateFor('free-words-out@demo.test', 'word');
    expect(out.allowed).toBe(false);
    expect(open).toMatchObject({ name: 'generate-limit', payload: { type: 'word' } });
  });

  test('a paid user with credits left may generate, and no dialog opens', async () => {
    const { out, open } = await gateFor('plus@demo.test', 'chat');
    expect(out).toEqual({ allowed: true });
    expect(open).toBeFalsy();
  });

  test('a failure while checking blocks with Something went wrong!.', async () => {
    const services = createTestServices(backend, { fetch: async () => new Response('{"message":"Server Error"}', { status: 500 }) });
    services.tokens.set({ token: 'x', loginTime: Date.now() });
    const actors = createAppActors();
    const out = await runGate(services, actors, 'chat');
    expect(out.allowed).toBe(false);
    expect(actors.dialogs.getSnapshot().context.current).toMatchObject({ name: 'api-error', payload: { message: 'Something went wrong!.' } });
    stopAppActors(actors);
  });
});
