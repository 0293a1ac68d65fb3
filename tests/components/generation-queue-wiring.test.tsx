/**
 * The app-wide generation queue actor (src/state/generation-actors.ts): created at start-up with the
 * real actors, visible to the inspector as `generationQueue`, its dialogs forwarded to the dialog manager.
 */
import { describe, expect, test, vi } from 'vitest';
import type { AnyActorRef, InspectionEvent } from 'xstate';
import { createTestServices, signInAs, useTestBackend } from '../helpers/render-app';
import { createAppActors, stopAppActors } from '@/state/app-actors';

const backend = useTestBackend();

async function setup(email: string) {
  const services = createTestServices(backend);
  await signInAs(services, email);
  const events: InspectionEvent[] = [];
  const actors = createAppActors({ services, inspect: (e) => events.push(e) });
  const queue = await actors.generationQueue.ready!;
  return { services, actors, queue, events };
}

describe('app-wide generation queue', () => {
  test('an image request goes through the real backend and the gallery cache is refreshed', async () => {
    const { services, actors, queue, events } = await setup('plus@demo.test');
    const invalidate = vi.spyOn(services.queryClient, 'invalidateQueries');
    queue.send({
      type: 'queue.add',
      item: { id: 'w-1', type: 'image', source: 'example_popup', prompt: 'A lighthouse at dusk', requestPayload: { endpoint: 'example', body: { prompt: 'A lighthouse at dusk' } } },
      now: Date.now(),
    });
    await vi.waitFor(() => expect(queue.getSnapshot().context.items[0]?.status).toBe('success'), { timeout: 20_000 });
    expect(queue.getSnapshot().context.items[0]?.imageUrl).toMatch(/\/media\/[0-9a-f]{32}\.png$/);
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['get', '/api/auth/getUser'] }));
    await actors.blogWizard.ready;
    const ids = new Set(events.map((e) => (e.actorRef as AnyActorRef).id));
    expect(ids).toContain('generationQueue');
    expect(ids).toContain('blogWizard');
    stopAppActors(actors);
  });

  test('a free user at the image limit gets the image-limit dialog from the dialog manager', async () => {
    const { actors, queue } = await setup('free-images-out@demo.test');
    queue.send({
      type: 'queue.add',
      item: { id: 'w-2', type: 'image', source: 'example_popup', prompt: 'over', requestPayload: { endpoint: 'generator', body: { prompt: 'over' } } },
      now: Date.now(),
    });
    await vi.waitFor(() => expect(actors.dialogs.getSnapshot().context.current?.name).toBe('image-limit-exceeded'), { timeout: 20_000 });
    stopAppActors(actors);
  });
});
