/**
 * The app-wide generation queue actor (machines/generation-queue.machine.ts, with its video-polling
 * children), created at start-up over the real client and the video queue service, and bridged to the
 * rest of the app:
 *  - image / video dialogs the machine emits → the dialog manager (02 §8);
 *  - `gallery.refetch` / `usage.increment` → the React Query caches of the gallery and the user;
 *  - `auth.error` with clearJwt → the queue service's JWT is dropped (02 §8 "a poll 401 clears the JWT");
 *  - signed in (session) → `queue.resumeVideos` (02 §4: in-progress videos of the last 24 h are polled again).
 *
 * This module is loaded with a dynamic import right after start-up (see app-actors.tsx): it carries the
 * queue and polling machines and the queue client, which the first route does not need (bundle budget).
 */
import { createActor, type Actor } from 'xstate';
import type { AppServices } from '@/core/services';
import { provideGenerationQueue } from '@/actors/generation-queue';
import { createQueueService } from '@/actors/video-polling';
import { provideBlogWizard } from '@/actors/blog-wizard';
import type { dialogManagerMachine } from '@machines/dialog-manager.machine';
import type { sessionMachine } from '@machines/session.machine';
import { dialog } from '@machines/dialogs';
import type { Inspect } from '@/platform/inspect';

export type GenerationQueueActor = Actor<ReturnType<typeof provideGenerationQueue>>;

export function createGenerationQueueActor(deps: {
  services: AppServices;
  dialogs: Actor<typeof dialogManagerMachine>;
  session: Actor<typeof sessionMachine>;
  inspect?: Inspect;
  now?: () => number;
}): GenerationQueueActor {
  const { services, dialogs, session } = deps;
  const now = deps.now ?? Date.now;
  const queue = createQueueService(services.api, { baseUrl: '/queue', accessToken: () => services.tokens.get()?.token });
  const actor = createActor(provideGenerationQueue(services.api, { queue }), {
    id: 'generationQueue',
    systemId: 'generationQueue',
    input: {},
    inspect: deps.inspect,
  });

  actor.on('image.dialog', (e) => {
    // 02 §8: the image limit dialog for the free plan's limit, the upgrade (generate-limit image) otherwise
    dialogs.send({
      type: 'dialog.open',
      dialog: e.dialog === 'imageLimit' ? dialog('image-limit-exceeded', {}) : dialog('generate-limit', { type: 'image' }),
    });
  });
  actor.on('video.dialog', (e) => {
    if (e.dialog === 'generateLimit') {
      dialogs.send({ type: 'dialog.open', dialog: dialog('generate-limit', { type: 'videoGenerator' }) });
    } else {
      dialogs.send({ type: 'dialog.open', dialog: dialog('api-error', { title: e.title, message: e.message ?? '' }) });
    }
  });
  actor.on('auth.error', (e) => {
    if (e.clearJwt) queue.clearToken();
  });
  actor.on('gallery.refetch', () => void services.queryClient.invalidateQueries({ queryKey: ['get', '/api/getImgList'] }));
  actor.on('usage.increment', () => {
    void services.queryClient.invalidateQueries({ queryKey: ['get', '/api/auth/getUser'] });
    void services.queryClient.invalidateQueries({ queryKey: ['get', '/api/subscription/details'] });
  });

  actor.start();
  // Resume in-progress videos whenever the session is (or becomes) signed in.
  let resumed = false;
  const resume = (signedIn: boolean) => {
    if (signedIn && !resumed) {
      resumed = true;
      actor.send({ type: 'queue.resumeVideos', now: now(), isSignedIn: true });
    }
    if (!signedIn) resumed = false;
  };
  resume(session.getSnapshot().matches({ auth: 'signedIn' }));
  const sub = session.subscribe((s) => resume(s.matches({ auth: 'signedIn' })));
  // stop the bridge with the actor
  actor.subscribe({ complete: () => sub.unsubscribe(), error: () => sub.unsubscribe() });
  return actor;
}

export type BlogWizardActor = Actor<ReturnType<typeof provideBlogWizard>>;

/**
 * The app-wide blog wizard (machines/blog-wizard.machine.ts): one actor for the long-blog writer, so a
 * generation keeps running and each blog's step is remembered while the user moves around the app
 * (03 §4; the navigation guard asks before leaving a running generation). Its dialogs go to the dialog
 * manager (03 §8 outline and content errors); `history.add` refreshes the blog history.
 */
export function createBlogWizardActor(deps: {
  services: AppServices;
  dialogs: Actor<typeof dialogManagerMachine>;
  inspect?: Inspect;
}): BlogWizardActor {
  const { services, dialogs } = deps;
  const actor = createActor(provideBlogWizard(services.api), { id: 'blogWizard', systemId: 'blogWizard', input: {}, inspect: deps.inspect });
  actor.on('blog.dialog', (e) => {
    const open = (d: ReturnType<typeof dialog>) => dialogs.send({ type: 'dialog.open', dialog: d });
    if (e.dialog === 'wordLimit') open(dialog('generate-limit', { type: 'word' }));
    else if (e.dialog === 'longBlogLimit') open(dialog('generate-limit', { type: 'longBlog' }));
    else if (e.dialog === 'imageLimit') open(dialog('image-limit-exceeded', {}));
    else open(dialog('api-error', { title: 'Error', message: e.message ?? '' }));
  });
  actor.on('history.add', () => void services.queryClient.invalidateQueries({ queryKey: ['get', '/api/longBlog/list'] }));
  actor.start();
  return actor;
}
