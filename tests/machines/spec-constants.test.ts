/**
 * Every business constant pinned to the literal the specification states (01 = /work/shared/spec/01-platform.md,
 * 02 = 02-images-and-video.md, 03 = 03-writing.md). Each row is written out from the spec text, never read back from
 * machines/constants.ts, so a changed constant fails here even when every machine test reads the constant itself.
 * Rows marked "ours" are figures the spec does not give; they are pinned all the same so a change is deliberate.
 * A constant added to constants.ts or brand-constants.ts without a row here fails the completeness test.
 */
import { describe, expect, it } from 'vitest';
import * as constants from '@machines/constants';
import * as brandConstants from '@machines/brand-constants';

type Row = readonly [name: string, expected: unknown, reference: string];

const DAY_MS = 86_400_000;

const CONSTANTS: readonly Row[] = [
  // 01 platform
  ['INITIAL_LOAD_GUARD_MS', 5000, '01 §4 "During the first 5 seconds of a page load a 401 only clears the token", §9 "Initial-load guard 5000 ms"'],
  ['AUTH_WAIT_MS', 10_000, '01 §2 "takes over 10 seconds the page proceeds anyway", §9 "authentication wait 10 s"'],
  ['OAUTH_STATE_LENGTH', 40, '01 §4 "40 random alphanumeric characters"'],
  ['PLAN_ID', { free: 1, plus: 2, pro: 3 }, '01 §3 Plan "id (1 free, 2 Plus, 3 Pro …)"'],
  ['API_CACHE_LIFETIME_MS', DAY_MS, '01 §9 "API cache lifetime 24 hours by default"'],
  [
    'CACHE_SECONDS',
    { default: 300, generatedImages: 1800, formValues: 7200, categories: 10_800, stylesAndTemplates: 7200 },
    '01 §9 "default 300 s, generated images 1800, form values 7200, categories 10800, styles and templates 7200"',
  ],
  ['ERROR_DIALOG_CLEAR_DELAY_MS', 100, '01 §8 "closing clears the text after 100 ms", §9 "Error dialog close delay 100 ms"'],
  ['OFFER_TO_ONBOARDING_DELAY_MS', 50, '01 §9 "offer dialog opens onboarding after 50 ms"'],
  ['UPGRADE_BOUNCE_INTERVAL_MS', 30_000, '01 §4 "bounces or shakes for 1.5 s every 30 seconds", §9 "every 30 s"'],
  ['UPGRADE_BOUNCE_DURATION_MS', 1500, '01 §4 "for 1.5 s", §9 "for 1.5 s"'],
  ['TOOL_SEARCH_DEBOUNCE_MS', 300, '01 §9 "Search debounce 300 ms"'],
  ['TOOL_SEARCH_CLEANUP_MS', 300, '01 §4 "clearing results and query after 300 ms", §9 "results modal cleanup 300 ms"'],
  ['TOOL_NEW_BADGE_DAYS', 30, '01 §9 "\'New\' badge on tools created within 30 days"'],
  ['TRIAL_LENGTH_MS', 3 * DAY_MS + 5 * 3_600_000 + 30 * 60_000, '01 §4 "ends 3 days 5 hours 30 minutes after the user\'s created_at"'],
  ['TRIAL_TICK_MS', 1000, '01 §4 Trial countdown "ticks each second"'],
  ['WEBINAR_PROMPT_DELAY_MS', 120_000, '01 §4 Webinar "prompt after 120 seconds"'],
  ['WEBINAR_DEFAULT_TIME_IST', { hour: 20, minute: 0 }, '01 §4 "default 8:00 PM India time"'],
  ['INDIA_UTC_OFFSET_MINUTES', 330, '01 §9 "A helper uses UTC+5:30"'],
  ['WEBINAR_WINDOW_MINUTES', 30, '01 §9 "a 20:00 to 20:30 window"'],
  ['WEBINAR_CALENDAR_EVENT_MINUTES', 40, '01 §4 "calendar event 40 minutes"'],
  ['WEBINAR_SUCCESS_CLOSE_MS', 2000, '01 §4 "closes after 2 seconds"'],
  ['WEBINAR_TICK_MS', 1000, '01 §9 "countdown ticks each second"'],
  ['WEBINAR_STATUS', { notRegistered: 0, skipped: 1, registered: 2 }, '01 §3 "is_webinar (0 not registered, 1 skipped, 2 registered)"'],
  ['SUBSCRIPTION_CHECK_ERROR_MESSAGE', 'Something went wrong!.', '01 §4 gate step 9, §8 "\'Something went wrong!.\' on a subscription check failure"'],
  ['API_ERROR_DEFAULT_TITLE', 'Error', '01 §8 "Its default title is \'Error\'"'],
  ['API_ERROR_DEFAULT_MESSAGE', 'Something went Wrong !', '01 §8 "default message \'Something went Wrong !\'"'],
  ['TOKEN_EXPIRED_MESSAGE', 'Token expired.', '01 §4, §8 "401 \'Token expired.\'"'],
  ['UNAUTHENTICATED_MESSAGE', 'Unauthenticated.', '01 §4, §8 "\'Unauthenticated.\' redirects to /"'],
  ['CHAT_DEFAULT_TITLE', 'Untitled', '01 §3 "conversation_title (default Untitled)"'],
  ['CHAT_LIMIT_HTTP_STATUS', 400, '01 §4, §8 "Chat request answered 400: chat-limit-exceeded dialog"'],
  ['CHAT_LIMIT_MESSAGE', 'Chat Usage Limit Exhausted', '01 §2 "chat-limit-exceeded (\'Chat Usage Limit Exhausted\')"'],
  ['CHAT_STALL_MS', 60_000, 'ours (beyond the spec): a reply silent for 60 s is interrupted'],
  ['CHAT_PERSIST_EVERY_MS', 5000, 'ours (beyond the spec): a streaming reply is copied every 5 s'],
  ['CHAT_RECENT_PAGE_SIZE', 10, '01 §2 "shows the 10 most recent conversations", §9 "recent chats 10"'],
  ['TEXT_MODEL', { standard: 'Standard', elite: 'Elite' }, '01 §6 "The Elite text model is Pro only", 03 §9 "model \'Standard\'"'],
  ['CHAT_LIST_TOGGLE_ABOVE', 9, '01 §2 "the toggle appears above 9 items"'],
  ['CHAT_COMPOSER_MAX_HEIGHT_PX', 168, '01 §9 "chat composer max height 168"'],
  ['COPY_CONFIRMATION_MS', 2000, '01 §9 "copy confirmation 2000 ms"'],
  ['BLOG_DEFAULT_STEP', 1, '01 §4 navigation guard "restore the step for the target blog (default 1)"'],
  ['STORYBOOK_GUARDED_ROUTES', ['/storybook-library', '/storybook-library/details'], '01 §4 "On /storybook-library and /storybook-library/details"'],
  ['VIDEO_FREE_PLAN_MESSAGE', 'Video generation is only available on paid plans', '02 §6 "the message is \'Video generation is only available on paid plans\'"'],
  ['ADD_ON_CREDIT_VALIDITY_MONTHS', 12, '01 §9 "Add-on credits valid one year"'],
  ['CREDIT_HISTORY_MIN_ROWS', 10, '01 §9 "Credit history minimum row count 10"'],
  ['CREDIT_HISTORY_TABLE_HEIGHT_PX', 400, '01 §9 "table height 400 px"'],
  ['CREDIT_HISTORY_LOAD_MORE_WITHIN_PX', 100, '01 §5 "loads more pages when scrolled within 100 pixels of the end"'],
  ['TOAST_DURATION_MS', 3000, '01 §8 "Toasts: success and error, auto-hide after 3000 ms"'],
  ['SNACKBAR_DURATION_MS', 6000, '01 §8 "Snackbar 6000 ms", "\'Operation failed. Please try again!!!\' (6 seconds)"'],
  ['PLAGIARISM_CHECK_CREDITS', 5, '01 §9 "Plagiarism check costs 5 credits"'],

  // 02 images and video
  ['QUEUE_DUPLICATE_WINDOW_MS', 1000, '02 §4 "arrives within 1 second with the same key", §9 "duplicate-queue window 1 s"'],
  ['QUEUE_RETRY_LOCK_MS', 2000, '02 §4 "This lock is released after 2 seconds", §9 "Retry lock 2 s"'],
  ['QUEUE_REGENERATE_LOCK_MS', 1000, '02 §4 "(1 second for regenerate)", §9 "(1 s for regenerate)"'],
  ['GALLERY_REFETCH_DELAY_MS', 1000, '02 §4 "The gallery refetches within 1 second of a success"'],
  ['QUEUE_MISSING_PAYLOAD_MESSAGE', 'Internal error: Request payload missing from queue item.', '02 §4 Generation queue'],
  ['VIDEO_POLL_INTERVAL_MS', 10_000, '02 §4 "The poll interval is 10 s", §9 "Poll interval 10 s"'],
  ['VIDEO_MAX_POLLS', 120, '02 §4 "after 120 polls the item becomes error", §9 "max 120 polls"'],
  ['VIDEO_PROGRESS_CAP_PERCENT', 95, '02 §4 "capped at 95 percent", §9 "progress cap 95 percent"'],
  ['VIDEO_PROGRESS_TICK_MS', 1000, '02 §4 "The progress tick is 1 s", §9 "progress tick 1 s"'],
  ['VIDEO_DEFAULT_ESTIMATED_SECONDS', 3, '02 §3 "estimated_seconds or estimated_sec (default 3)", §9 "Default estimate 3 seconds in the queue item"'],
  ['VIDEO_IN_PROGRESS_WINDOW_MS', DAY_MS, '02 §3 "created in the last 24 hours and has status 1 or 2"'],
  ['VIDEO_STATUS', { processing: 1, pending: 2, error: 3, complete: 4, failed: 5 }, '02 §3 "1 processing, 2 pending, 3 error, 4 complete, 5 failed"'],
  ['VIDEO_IN_PROGRESS_PAGE_SIZE', 50, '02 §7 "50 for in-progress", §9 "in-progress videos 50"'],
  ['VIDEO_REQUEST_TIMEOUT_MS', 60_000, '02 §7 "The request timeout is 60000 ms", §9'],
  [
    'VIDEO_MESSAGES',
    {
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
    },
    '02 §4 Video generation, §8 Video',
  ],
  [
    'IMAGE_MESSAGES',
    {
      timedOut: 'Image generation timed out. Please try again.',
      badRequest: 'There was a problem with your request. Please check your inputs.',
      unauthorized: 'You are not authorized to perform this action. Please log in again.',
      tooManyRequests: 'You have made too many requests. Please try again later.',
      failed: 'Image generation failed. Please try again.',
      insufficientCredits: 'Insufficient credits to perform this request',
    },
    '02 §8 Images',
  ],
  ['IMAGE_UPGRADE_ERROR_CODE', 455, '02 §8 "Upgrade-type error (code 455 by default …)"'],
  ['VIDEO_CREDITS_PER_SECOND', 2, 'ours: 02 §9 "Prices are not shown"'],
  ['VIDEO_PREMIUM_CREDITS_PER_SECOND', 4, 'ours: 02 §9 "Prices are not shown"'],
  ['VIDEO_PROMPT_REQUIRED_MESSAGE', 'Video prompt is required', '02 §5 "(\'Video prompt is required\')"'],

  // 03 writing
  ['ONBOARDING_STEPS_INDIVIDUAL', 3, '01 §4 "Onboarding has 3 steps for an individual", 03 §9 "(3 for an individual)"'],
  ['ONBOARDING_STEPS_BUSINESS', 7, '01 §4 "and 7 for a business", 03 §9 "onboarding total_steps 7"'],
  ['ONBOARDING_FAILED_MESSAGE', 'Failed to update the onboarding details!', '01 §8 "Onboarding failure"'],
  ['ONBOARDING_FETCH_FAILED_MESSAGE', 'Failed to fetch onboarding data', '03 §8 Onboarding'],
  ['BLOG_WIZARD_STEPS', [1, 2, 3], '03 §9 "Wizard steps 1 to 3"'],
  ['OUTLINE_RETRY_CAP', 10, '03 §9 "Outline retry cap 10"'],
  ['GOOGLE_OUTLINE_ROUNDS', 3, '03 §9 "Google outline rounds 3"'],
  ['GOOGLE_OUTLINE_REQUIRED_MARKERS', ['1.', '2.', '3.'], '03 §5 "structure contains \'1.\', \'2.\' and \'3.\'"'],
  ['NEW_SECTION_TITLE', 'Enter Your Heading', '03 §9 "New section: title \'Enter Your Heading\'"'],
  ['NEW_SECTION_LENGTH', 'Very Short (up to 300 words)', '03 §9 "length \'Very Short (up to 300 words)\'"'],
  ['OUTLINE_QUIET_STOP_MESSAGES', ['Google Hit limit reached.', 'Results limit already provided.'], '03 §8 Outline generation rules'],
  ['OUTLINE_QUIET_STOP_STATUS', 408, '03 §8 Outline generation rules "status 408"'],
  ['OUTLINE_ERROR_FALLBACK', 'Error occured while generating outline', '03 §8 Outline generation rules (spelling included)'],
  ['LONG_BLOG_ERROR_FALLBACK', 'Something went wrong.', '03 §8 long-blog fallback'],
  ['BLOG_SECTION_FAILED_MESSAGE', 'Failed to generate blog section', '03 §8 Streaming'],
  ['DEFAULT_BLOG_LANGUAGE_ID', 21, '03 §9 "Default language id 21 (English)"'],
  ['BLOG_HISTORY_PAGE_SIZE', 4, '03 §7 "the preview shows 4 per page", §9 "blog history preview 4"'],
  [
    'LONG_BLOG_FREE_USED_MESSAGE',
    'You have already used the free long blog of your plan. Upgrade to write more long blogs.',
    'ours: 03 §6 "one free long blog" gives no text',
  ],
  ['LONG_BLOG_LIMIT_ERROR_TYPE', 'longBlog', '03 §8 error type longBlog'],
  ['BLOG_UPGRADE_ERROR_TYPE', 'upgrade', '03 §8 error type upgrade, 02 §8'],
];

const BRAND_CONSTANTS: readonly Row[] = [
  ['BRAND_TOTAL_STEPS', 7, '03 §3 "total_steps (7)", §4 "Step count 7 for a business"'],
  ['BRAND_FIRST_STEP', 2, '03 §4 "Creating a business starts at step 2"'],
  ['BRAND_COLORS_MAX', 3, '03 §3 "a list of up to 3"'],
  ['BRAND_COLOR_KEYS', ['primary_color', 'secondary_color', 'tertiary_color'], '03 §3, 02 §2 "primary_color, secondary_color and tertiary_color"'],
  [
    'BRAND_STEP_FIELDS',
    { 2: ['name'], 3: ['url'], 4: ['description'], 5: ['products'], 6: ['industry', 'tone'], 7: ['colors', 'language'] },
    'ours: 03 §4 fixes the count (7) and the first step (2), not the split',
  ],
  ['BRANDS_PAGE_SIZE', 10, 'ours: 03 §7 shows only page=1'],
  ['BRAND_SEARCH_DEBOUNCE_MS', 300, '03 §9 "search debounce 300 ms"'],
  [
    'BRAND_LIMITS',
    { name: 100, url: 2048, description: 2000, industry: 100, tone: 100, products: 20, productName: 120, productDescription: 1000, deleteIds: 100 },
    'ours: the spec gives no limits (equal to openapi/ Business* maxLength/maxItems)',
  ],
  ['BRAND_DESCRIPTION_WORDS', 80, 'ours: the suggested description length'],
];

function pin(module: Record<string, unknown>, rows: readonly Row[]) {
  it.each(rows.map(([name, expected, reference]) => ({ name, expected, reference })))(
    '$name — $reference',
    ({ name, expected }) => {
      expect(module).toHaveProperty([name]);
      expect(module[name]).toStrictEqual(expected);
    },
  );
  it('has a row for every exported constant, and no row for a constant that is gone', () => {
    expect(Object.keys(module).sort()).toEqual(rows.map(([name]) => name).sort());
  });
}

describe('machines/constants.ts holds the spec\'s literals', () => pin(constants, CONSTANTS));
describe('machines/brand-constants.ts holds the spec\'s literals', () => pin(brandConstants, BRAND_CONSTANTS));
