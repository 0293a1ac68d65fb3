/**
 * The reference backend as a Hono app: createApp({ db, clock, ai?, config }).
 * Order: deps → body limit (1 MB → 413) → OpenAPI request validation (422) → routes; unknown → 404;
 * HttpError → its ErrorBody; anything else → 500 'Server Error' (logged without headers or query).
 * A route file (routes/<area>.ts) reads a request, calls its area's service and writes the answer; where an area's
 * work outgrows that, it is a service (services/<area>.ts) built here from the dependencies it needs, with no HTTP
 * in it. Every stream the server sends is written by http/sse.ts.
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppDeps, AppEnv } from './app-env';
import { memoryMailer } from './app-env';
import { HttpError, MSG, clientDataError } from './http/errors';
import { authenticate } from './http/auth';
import { loadOpenApi, openApiValidator, type OpenApiDoc } from './http/openapi-validate';
import { authRoutes } from './routes/auth';
import { oauthRoutes } from './routes/oauth';
import { profileRoutes } from './routes/profile';
import { billingRoutes } from './routes/billing';
import { creditsRoutes } from './routes/credits';
import { checkoutRoutes } from './routes/checkout';
import { systemRoutes } from './routes/system';
import { toolsRoutes } from './routes/tools';
import { shellRoutes } from './routes/shell';
import { imagesRoutes } from './routes/images';
import { videoRoutes } from './routes/videos';
import { videoQueueRoutes } from './routes/video-queue';
import { mediaRoutes } from './routes/media';
import { chatRoutes } from './routes/chat';
import { longBlogRoutes } from './routes/longblog';
import { businessRoutes } from './routes/businesses';
import { createVideoJobs } from './services/video-jobs';
import { createJobQueue } from './jobs/queue';
import { createChatService } from './services/chat';
import { createLongBlogService } from './services/long-blog';
import { createOfflineWriter } from './ai/offline-writer';
import { queueTokenIssuer } from './media/queue-token';
import { registerMediaStore } from './media/media-store';
import { redact } from './lib/redact';

export type { AppDeps } from './app-env';

export const BODY_LIMIT_BYTES = 1024 * 1024;

export function createApp(deps: AppDeps, opts: { openapi?: OpenApiDoc } = {}): Hono<AppEnv> {
  const fullDeps: AppDeps = { ...deps, mailer: deps.mailer ?? memoryMailer() };
  const { db, clock, config } = fullDeps;
  // What outlives a request is in the database (videos and their render jobs, finished chat answers, the ledger).
  const ai = fullDeps.ai ?? createOfflineWriter({ paceMs: config.aiPaceMs });
  // Without a queue from the caller the app makes its own, started by its first use (the runtime starts its queue).
  const jobs = fullDeps.jobs ?? createJobQueue(db);
  if (deps.media) registerMediaStore(db, deps.media);
  const videoJobs = createVideoJobs({
    db,
    clock,
    jobs,
    renderWorkers: config.videoRenderWorkers,
    schedule: fullDeps.schedule,
    renderAhead: config.renderVideosAhead,
    ffmpegPath: config.env.FFMPEG_PATH,
  });
  const queueTokens = queueTokenIssuer();
  const app = new Hono<AppEnv>();

  app.use('*', async (c, next) => {
    c.set('deps', fullDeps);
    await next();
  });
  app.use(
    '*',
    bodyLimit({
      maxSize: BODY_LIMIT_BYTES,
      onError: (c) => c.json({ message: MSG.tooLarge, type: 'Payload Too Large' }, 413),
    }),
  );
  app.use(
    '*',
    openApiValidator(opts.openapi ?? loadOpenApi(), {
      // Authentication comes before validation, as in the described responses (401 before 422).
      beforeValidate: async (c, _route, bearer) => {
        if (bearer === 'required') await authenticate(c as Context<AppEnv>);
      },
    }),
  );

  app.route('/', systemRoutes(fullDeps.config.devRoutes));
  app.route('/', authRoutes());
  app.route('/', oauthRoutes());
  app.route('/', profileRoutes());
  app.route('/', billingRoutes());
  app.route('/', creditsRoutes());
  // The test checkout grants any plan without a payment: development and tests only.
  if (config.devRoutes) app.route('/', checkoutRoutes());
  app.route('/', toolsRoutes());
  app.route('/', shellRoutes());
  app.route('/', imagesRoutes());
  app.route('/', videoRoutes(videoJobs, queueTokens));
  app.route('/', videoQueueRoutes(videoJobs, queueTokens));
  app.route('/', mediaRoutes());
  app.route('/', chatRoutes(createChatService({ db, clock, ai })));
  app.route('/', longBlogRoutes(createLongBlogService({ db, clock, ai })));
  app.route('/', businessRoutes());

  app.notFound((c) => c.json({ message: MSG.notFound }, 404));
  app.onError((err, c) => {
    if (err instanceof HttpError) return c.json(err.body(), err.status as ContentfulStatusCode);
    const dataError = clientDataError(err);
    if (dataError) return c.json(dataError.body(), 422);
    if (err instanceof HTTPException) {
      const status = err.status;
      return c.json({ message: err.message || (status === 413 ? MSG.tooLarge : MSG.server) }, status);
    }
    // Never log headers, bodies, the query string or SQL parameters: they may carry tokens, codes or passwords.
    console.error(`[server] ${c.req.method} ${c.req.path} failed:`, redact(err));
    return c.json({ message: MSG.server, type: 'Error' }, 500);
  });
  return app;
}
