/**
 * Every business constant of the specification, in one place, each with its spec reference.
 * Spec documents: 01 = ../shared/spec/01-platform.md, 02 = 02-images-and-video.md, 03 = 03-writing.md.
 * Machines read their delays and limits from here; src/ and server/ import from here too,
 * so a figure of the spec is written exactly once.
 *
 * Sections are owned by area; add to your own section only.
 */

// ── Platform: session, auth, cache (01 §4, §9) ───────────────────────────────
/** 01 §4 Authentication, §9: during the first 5 s of a page load a 401 only clears the token. */
export const INITIAL_LOAD_GUARD_MS = 5000;
/** 01 §2 Start-up, §9: if the authentication check takes over 10 s the page proceeds anyway. */
export const AUTH_WAIT_MS = 10_000;
/** 01 §4: the hosted sign-in state string is 40 random alphanumeric characters. */
export const OAUTH_STATE_LENGTH = 40;
/** 01 §3 Plan: plan ids. */
export const PLAN_ID = { free: 1, plus: 2, pro: 3 } as const;
/** 01 §9: API cache lifetime 24 h by default (gcTime). */
export const API_CACHE_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** 01 §9: other cache times in seconds. */
export const CACHE_SECONDS = {
  default: 300,
  generatedImages: 1800,
  formValues: 7200,
  categories: 10_800,
  stylesAndTemplates: 7200,
} as const;
/** 01 §9: prefetch max age 120 minutes. */
export const PREFETCH_MAX_AGE_MS = 120 * 60 * 1000;

// ── Platform: shell, dialogs, timers (01 §2, §4, §8, §9) ─────────────────────

// ── Platform: plans, billing, credits (01 §3, §6, §9) ────────────────────────

// ── Images, video, generation queue (02) ────────────────────────────────────

// ── Writing: tools, blogs, storybook, onboarding (03) ────────────────────────
