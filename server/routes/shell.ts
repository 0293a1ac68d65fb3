/**
 * The app shell's switches (openapi/paths/shell.yaml GET /api/app-flags; 01 §2 video maintenance warning,
 * 01 §4 trial countdown "when its flag is on"). The spec does not say where the flags come from; they are read
 * per request from the environment, so an operator turns the maintenance warning on without a new build:
 *  - VIDEO_MAINTENANCE=1 shows the warning on the video page (off by default);
 *  - TRIAL_COUNTDOWN=0 hides the free plan's trial countdown (on by default: it is part of the free plan).
 */
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import type { JsonResponse } from '../types';
import { requireAuth } from '../http/auth';

export function shellRoutes() {
  const r = new Hono<AppEnv>();
  r.get('/api/app-flags', requireAuth(), (c) => {
    const env = (name: string) => c.get('deps').config.env[name] ?? process.env[name];
    const reply: JsonResponse<'/api/app-flags', 'get', 200> = {
      data: {
        videoMaintenance: env('VIDEO_MAINTENANCE') === '1',
        trialCountdown: env('TRIAL_COUNTDOWN') !== '0',
      },
    };
    return c.json(reply, 200);
  });
  return r;
}
