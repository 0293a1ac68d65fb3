import { describe, expect, test } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { createTestServices, renderRoute, signInAs, useTestBackend } from '../helpers/render-app';
import { createAppActors } from '@/state/app-actors';
import { DIALOG_NAMES, type DialogName, type DialogRequest } from '@machines/dialogs';

const backend = useTestBackend();

/** A request for every dialog: the payloads the machines would send. */
const REQUESTS: Record<DialogName, DialogRequest> = Object.fromEntries(
  DIALOG_NAMES.map((name) => [name, { name } as DialogRequest]),
) as Record<DialogName, DialogRequest>;
Object.assign(REQUESTS, {
  'generate-limit': { name: 'generate-limit', payload: { type: 'word' } },
  'delete-chat': { name: 'delete-chat', payload: { kind: 'chat', id: 1 } },
  'delete-story': { name: 'delete-story', payload: { kind: 'video', id: 2 } },
  'delete-wordpress': { name: 'delete-wordpress', payload: { id: 3 } },
  'image-viewer': { name: 'image-viewer', payload: { imageUrl: '/favicon.svg' } },
  'product-demo': { name: 'product-demo', payload: { thumbnailUrl: '', videoUrl: '/demo.mp4', contentType: 'UGC Ads' } },
  'content-stop': { name: 'content-stop', payload: { isImageStop: false, targetUrl: '/home' } },
  'storyboard-stop': { name: 'storyboard-stop', payload: { isImageStop: true } },
  'knowledgebase-edit': { name: 'knowledgebase-edit', payload: { id: 4 } },
  'prompts-error': { name: 'prompts-error', payload: { message: '', reload: true } },
  'content-generation-check': { name: 'content-generation-check', payload: { targetUrl: '/chat' } },
} satisfies Partial<Record<DialogName, DialogRequest>>);

describe('every global dialog (machines/dialogs.ts DIALOG_NAMES)', () => {
  test.each([
    ['free@demo.test'],
    ['pro@demo.test'],
  ])('renders as a titled, described-or-filled dialog with a button, for %s', async (email) => {
    const actors = createAppActors();
    const services = createTestServices(backend);
    await signInAs(services, email);
    renderRoute('/home', services, actors);
    await screen.findByRole('complementary', { name: 'Sidebar' }, { timeout: 10_000 });

    const failures: string[] = [];
    for (const name of DIALOG_NAMES) {
      act(() => actors.dialogs.send({ type: 'dialog.open', dialog: REQUESTS[name] }));
      try {
        const dialog = await screen.findByRole('dialog', {}, { timeout: 3000 });
        const label = dialog.getAttribute('aria-labelledby');
        const title = label ? document.getElementById(label)?.textContent?.trim() : '';
        if (!title) failures.push(`${name}: no accessible title`);
        if (dialog.querySelectorAll('button').length === 0) failures.push(`${name}: no button`);
      } catch (e) {
        failures.push(`${name}: did not render (${(e as Error).message.split('\n')[0]})`);
      }
      act(() => actors.dialogs.send({ type: 'dialog.closeAll' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
