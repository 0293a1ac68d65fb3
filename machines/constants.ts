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

// ── Platform: shell, dialogs, timers (01 §2, §4, §8, §9) ─────────────────────
/** 01 §8, §9: the api-error dialog clears its text 100 ms after it closes. */
export const ERROR_DIALOG_CLEAR_DELAY_MS = 100;
/** 01 §9: the offer dialog opens onboarding after 50 ms. */
export const OFFER_TO_ONBOARDING_DELAY_MS = 50;
/** 01 §4 Upgrade button, §9: for plan 1 the upgrade button bounces every 30 s ... */
export const UPGRADE_BOUNCE_INTERVAL_MS = 30_000;
/** 01 §4 Upgrade button, §9: ... for 1.5 s. */
export const UPGRADE_BOUNCE_DURATION_MS = 1500;
/** 01 §9, 03 §5/§9: the tool search input is debounced 300 ms. */
export const TOOL_SEARCH_DEBOUNCE_MS = 300;
/** 01 §4 "Tool search modal closes by clearing results and query after 300 ms", 01 §9, 03 §4/§9. */
export const TOOL_SEARCH_CLEANUP_MS = 300;
/** 01 §9, 03 §9: the 'New' badge marks tools created within 30 days. */
export const TOOL_NEW_BADGE_DAYS = 30;
/** 01 §4 Trial countdown, §9: trial ends 3 days 5 h 30 min after created_at. */
export const TRIAL_LENGTH_MS = ((3 * 24 + 5) * 60 + 30) * 60 * 1000;
/** 01 §4 Trial countdown: ticks each second. */
export const TRIAL_TICK_MS = 1000;
/** 01 §4 Webinar: prompt after 120 seconds. */
export const WEBINAR_PROMPT_DELAY_MS = 120_000;
/** 01 §4 Webinar, §9: default 8:00 PM India time (UTC+5:30); the §9 helper window is 20:00–20:30. */
export const WEBINAR_DEFAULT_TIME_IST = { hour: 20, minute: 0 } as const;
/** 01 §9: India time offset UTC+5:30, in minutes. */
export const INDIA_UTC_OFFSET_MINUTES = 5 * 60 + 30;
/** 01 §9: the webinar window 20:00 to 20:30 India time, in minutes. */
export const WEBINAR_WINDOW_MINUTES = 30;
/** 01 §4 Webinar: the calendar event lasts 40 minutes. */
export const WEBINAR_CALENDAR_EVENT_MINUTES = 40;
/** 01 §4 Webinar: after a successful registration the dialog closes after 2 seconds. */
export const WEBINAR_SUCCESS_CLOSE_MS = 2000;
/** 01 §2, §9: the webinar countdown ticks each second. */
export const WEBINAR_TICK_MS = 1000;
/** 01 §4 Webinar: is_webinar values (0 not registered, 1 skipped, 2 registered). */
export const WEBINAR_STATUS = { notRegistered: 0, skipped: 1, registered: 2 } as const;
/** 01 §4 Subscription gate step 9, §8: error on a subscription check failure (sic, with the full stop). */
export const SUBSCRIPTION_CHECK_ERROR_MESSAGE = 'Something went wrong!.';
/** 01 §8: api-error dialog defaults. */
export const API_ERROR_DEFAULT_TITLE = 'Error';
export const API_ERROR_DEFAULT_MESSAGE = 'Something went Wrong !';
/** 01 §4 Authentication, §8: 401 messages. */
export const TOKEN_EXPIRED_MESSAGE = 'Token expired.';
export const UNAUTHENTICATED_MESSAGE = 'Unauthenticated.';
/** 01 §3 Chat conversation: default title. */
export const CHAT_DEFAULT_TITLE = 'Untitled';
/** 01 §8: a 400 answer to a chat request opens chat-limit-exceeded. */
export const CHAT_LIMIT_HTTP_STATUS = 400;
/** 01 §2 Dialogs chat-limit-exceeded, §8: the text of the limit; also the message of that 400 answer. */
export const CHAT_LIMIT_MESSAGE = 'Chat Usage Limit Exhausted';
/**
 * Beyond the spec: a reply that delivers nothing for 60 s (waiting for its first piece included) is treated as
 * cut off — shown as interrupted with 'Regenerate' — so a dead connection never leaves an endless spinner
 * (the chat machine's `chatStall` delay, re-armed by every piece).
 */
export const CHAT_STALL_MS = 60_000;
/**
 * Beyond the spec: while a reply streams, new text is copied to the browser 5 s after it arrived (the chat
 * machine's `persistEvery` delay), and at once when the page is left or hidden, so a reload shows every word that
 * was on screen. The period only bounds what a crashed or killed tab loses: each copy writes the whole reply (a
 * 20,000-word reply is ~120 KB, ≈ 5 ms of main thread), and copying every second cost five times as much over
 * the long benchmark stream (tests/bench/chat-stream.spec.ts).
 */
export const CHAT_PERSIST_EVERY_MS = 5000;
/** 01 §2 App shell, §9: the chat list shows the 10 most recent conversations (page size of recent chats). */
export const CHAT_RECENT_PAGE_SIZE = 10;
/** 01 §3 Credit matrix text types; 01 §6: the Elite text model is Pro only (plan_id 3). */
export const TEXT_MODEL = { standard: 'Standard', elite: 'Elite' } as const;
/** 01 §2 App shell: the 'Show More' / 'Show Recent' toggle appears above 9 items. */
export const CHAT_LIST_TOGGLE_ABOVE = 9;
/** 01 §9: chat composer max height 168 (px). */
export const CHAT_COMPOSER_MAX_HEIGHT_PX = 168;
/** 01 §9: copy confirmation 2000 ms. */
export const COPY_CONFIRMATION_MS = 2000;
/** 03 §2 Long blog writer: wizard steps 1 to 3; 01 §4/03 §4 nav guard restores a blog's step, default 1. */
export const BLOG_DEFAULT_STEP = 1;
/** 01 §4, 03 §2: leaving these routes while a storyboard is in progress opens the stop confirmation. */
export const STORYBOOK_GUARDED_ROUTES = ['/storybook-library', '/storybook-library/details'] as const;
/** 02 §6: a free user asking for video sees this message with an 'Upgrade Plan' action. */
export const VIDEO_FREE_PLAN_MESSAGE = 'Video generation is only available on paid plans';


// ── Platform: plans, billing, credits (01 §3, §6, §9) ────────────────────────
/** 01 §9: add-on credits are valid one year from purchase. */
export const ADD_ON_CREDIT_VALIDITY_MONTHS = 12;
/** 01 §9: the credit history table shows at least 10 rows ... */
export const CREDIT_HISTORY_MIN_ROWS = 10;
/** 01 §9: ... in a table 400 px high ... */
export const CREDIT_HISTORY_TABLE_HEIGHT_PX = 400;
/** 01 §5: ... and loads the next page when scrolled within 100 px of its end. */
export const CREDIT_HISTORY_LOAD_MORE_WITHIN_PX = 100;
/** 01 §8 "Toasts: success and error, auto-hide after 3000 ms." */
export const TOAST_DURATION_MS = 3000;
/** 01 §8 "Snackbar 6000 ms." — also the 'Operation failed. Please try again!!!' toast (6 seconds). */
export const SNACKBAR_DURATION_MS = 6000;

// ── Images, video, generation queue (02) ────────────────────────────────────
/** 02 §4 Generation queue, §9: a duplicate add within 1 s for the same key is ignored. */
export const QUEUE_DUPLICATE_WINDOW_MS = 1000;
/** 02 §4 Generation queue, §9: a retry of the same item is locked for 2 s. */
export const QUEUE_RETRY_LOCK_MS = 2000;
/** 02 §4 Generation queue, §9: the lock is 1 s for regenerate. */
export const QUEUE_REGENERATE_LOCK_MS = 1000;
/** 02 §4 Generation queue: the gallery refetches within 1 s of a success. */
export const GALLERY_REFETCH_DELAY_MS = 1000;
/** 02 §3 Generation queue item, §4: 'Internal error: Request payload missing from queue item.' */
export const QUEUE_MISSING_PAYLOAD_MESSAGE = 'Internal error: Request payload missing from queue item.';
/** 02 §4 Video generation, §9: status poll interval 10 s. */
export const VIDEO_POLL_INTERVAL_MS = 10_000;
/** 02 §4 Video generation, §9: at most 120 polls, then 'Video generation timed out'. */
export const VIDEO_MAX_POLLS = 120;
/** 02 §4 Video generation, §9: estimated progress is capped at 95 %. */
export const VIDEO_PROGRESS_CAP_PERCENT = 95;
/** 02 §4 Video generation, §9: progress tick 1 s. */
export const VIDEO_PROGRESS_TICK_MS = 1000;
/** 02 §3 Generation queue item, §9: default estimate 3 s in the queue item (the form's reading is 3 min, see §9). */
export const VIDEO_DEFAULT_ESTIMATED_SECONDS = 3;
/** 02 §3 Video record: in progress means created in the last 24 h with status 1 or 2. */
export const VIDEO_IN_PROGRESS_WINDOW_MS = 24 * 60 * 60 * 1000;
/** 02 §3 Video record: status codes. */
export const VIDEO_STATUS = { processing: 1, pending: 2, error: 3, complete: 4, failed: 5 } as const;
/** 02 §9: page size of the in-progress video list. */
export const VIDEO_IN_PROGRESS_PAGE_SIZE = 50;
/** 02 §9: video request timeout 60000 ms. */
export const VIDEO_REQUEST_TIMEOUT_MS = 60_000;
/** 02 §4 Video generation, §8 Video: user-visible texts, verbatim. */
export const VIDEO_MESSAGES = {
  timedOut: 'Video generation timed out',
  notValidImage: 'Not a valid image',
  validationError: 'Validation Error',
  missingId: 'Invalid server response: Video ID is missing',
  invalidResponse: 'Invalid response structure from video generation API.',
  failedFallback: 'Video generation failed',
  processingDefault: 'An error occurred while processing your video',
  failedDialogTitle: 'Video Generation Failed',
  checkStatusFailed: 'Failed to check video status',
  generateFailed: 'Failed to generate video',
  galleryImageToVideoFailed: 'Failed to generate video from image',
} as const;
/** 02 §8 Images: generation error texts, verbatim. */
export const IMAGE_MESSAGES = {
  timedOut: 'Image generation timed out. Please try again.',
  badRequest: 'There was a problem with your request. Please check your inputs.',
  unauthorized: 'You are not authorized to perform this action. Please log in again.',
  tooManyRequests: 'You have made too many requests. Please try again later.',
  failed: 'Image generation failed. Please try again.',
  insufficientCredits: 'Insufficient credits to perform this request',
} as const;
/** 02 §8 Images: the upgrade-type error code, 455 by default. */
export const IMAGE_UPGRADE_ERROR_CODE = 455;
/** 02 §9 "Prices are not shown": our video price, credits per second of video (regular / standard quality). */
export const VIDEO_CREDITS_PER_SECOND = 2;
/** 02 §9: our price for premium / hd-quality video, credits per second. */
export const VIDEO_PREMIUM_CREDITS_PER_SECOND = 4;
/** 02 §5: 'Video prompt is required' (text-to-reels needs a non-empty prompt). */
export const VIDEO_PROMPT_REQUIRED_MESSAGE = 'Video prompt is required';


// ── Writing: tools, blogs, storybook, onboarding (03) ────────────────────────
/** 01 §2 Dialog chain, 03 §4 Onboarding and brands: onboarding has 3 steps for an individual. */
export const ONBOARDING_STEPS_INDIVIDUAL = 3;
/** 01 §2, 03 §4, §9: 7 steps for a business (a brand's total_steps is 7 too). */
export const ONBOARDING_STEPS_BUSINESS = 7;
/** 01 §8: onboarding failure, verbatim. */
export const ONBOARDING_FAILED_MESSAGE = 'Failed to update the onboarding details!';
/** 03 §8 Onboarding: loading the saved answers failed, verbatim. */
export const ONBOARDING_FETCH_FAILED_MESSAGE = 'Failed to fetch onboarding data';
/** 03 §2 Long blog writer, §5, §9: wizard steps 1 to 3. */
export const BLOG_WIZARD_STEPS = [1, 2, 3] as const;
/** 03 §4 Long blog, §8, §9: outline retry cap 10. */
export const OUTLINE_RETRY_CAP = 10;
/** 03 §4 Long blog, §9: Google outline rounds 3. */
export const GOOGLE_OUTLINE_ROUNDS = 3;
/** 03 §5: a Google outline is valid only if its structure contains '1.', '2.' and '3.'. */
export const GOOGLE_OUTLINE_REQUIRED_MARKERS = ['1.', '2.', '3.'] as const;
/** 03 §4 Long blog, §9: new section title (the Generate All rule matches it case-insensitively). */
export const NEW_SECTION_TITLE = 'Enter Your Heading';
/** 03 §4 Long blog, §9: new section length. */
export const NEW_SECTION_LENGTH = 'Very Short (up to 300 words)';
/** 03 §8 Outline generation rules: messages that stop the outline fetch quietly. */
export const OUTLINE_QUIET_STOP_MESSAGES = ['Google Hit limit reached.', 'Results limit already provided.'] as const;
/** 03 §8 Outline generation rules: status 408 stops quietly too. */
export const OUTLINE_QUIET_STOP_STATUS = 408;
/** 03 §8 Outline generation rules: fallback message, verbatim (spelling included). */
export const OUTLINE_ERROR_FALLBACK = 'Error occured while generating outline';
/** 03 §8: long-blog fallback message. */
export const LONG_BLOG_ERROR_FALLBACK = 'Something went wrong.';
/** 03 §8 Streaming: 'Failed to generate blog section'. */
export const BLOG_SECTION_FAILED_MESSAGE = 'Failed to generate blog section';
/** 03 §9: default language id 21 (English). */
export const DEFAULT_BLOG_LANGUAGE_ID = 21;
/** 03 §7 History "the preview shows 4 per page", §9 blog history preview 4: default page size of /api/longBlog/list. */
export const BLOG_HISTORY_PAGE_SIZE = 4;
/**
 * 03 §6 "one free long blog", §8 error type longBlog: the refusal of a second long blog on the free plan.
 * The spec gives no text (the client opens the 'Blog Outline Limit' dialog); ours names the rule and the way
 * out, and has no number after a dot (03 §8 would read that as "retry").
 */
export const LONG_BLOG_FREE_USED_MESSAGE = 'You have already used the free long blog of your plan. Upgrade to write more long blogs.';
/** 03 §8 error type longBlog: the type of that refusal (the outline rules open the long-blog limit dialog). */
export const LONG_BLOG_LIMIT_ERROR_TYPE = 'longBlog';
/** 03 §8 error type upgrade (02 §8 code 455): no words (free) or credits (paid) left for a blog generation. */
export const BLOG_UPGRADE_ERROR_TYPE = 'upgrade';



// ── Writing: brands (Manage Brands) ──────────────────────────────────────────
// In machines/brand-constants.ts (BRAND_TOTAL_STEPS, BRAND_FIRST_STEP, BRAND_COLORS_MAX, BRAND_STEP_FIELDS, …):
// a module of its own keeps them out of the entry chunk, which holds this file.

// ── Global dialogs ───────────────────────────────────────────────────────────
/** 01 §5, §9: the plagiarism check costs 5 credits and asks for confirmation first. */
export const PLAGIARISM_CHECK_CREDITS = 5;
