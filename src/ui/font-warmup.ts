import { whenIdle } from '@/platform/idle-queue';

/**
 * Warming the browser's font cache while the app waits for its first data.
 *
 * The first layout of the signed-in shell looks up every font style its text uses — each weight, and each size of
 * each weight — and on Linux Chromium asks the browser process for every one of them (FontCache::GetFontPlatformData,
 * WebSandboxSupportLinux::GetWebFontRenderStyleForStrike): traces of a /home load put 10–15 ms of its 13–21 ms
 * layout there, inside the long task that shows the page when the user's data arrives (4× that on Lighthouse's slow
 * phone). The splash before it has no text, so nothing has looked them up yet.
 *
 * Here those styles are laid out once, out of sight, a few per task, while the splash is up and the first calls are
 * on the network: the lookups leave the long task and are done in short ones the browser fits in idle time (in a
 * trace of a warm /home load at full speed, the page's layout took 9.6 ms with 2 lookups left, 32 ms with all 14). If
 * the data wins the race, the page's own layout does the rest. Nothing of it is ever visible, focusable or read out
 * (visibility: hidden, aria-hidden), and it is removed when done.
 *
 * Only for a signed-in start (src/main.tsx): the sign-in page shows as soon as its code is there, with no data to
 * wait for, so there is no idle time to use, and the warm-up there only delays the first paint (docs/lighthouse.md).
 */

/**
 * The text styles (theme tokens: weight → sizes) on the first screens of /home and /chat, at phone and desktop
 * widths. tests/e2e/font-warmup.spec.ts checks in Chromium that every style those screens show is listed here; a
 * style left out costs only its lookup in the page's first layout.
 */
export const FIRST_SCREEN_TEXT_STYLES = {
  normal: ['xs', 'sm', 'base', 'md'],
  medium: ['xs', 'sm'],
  semibold: ['2xs', 'xs', 'sm', 'base', 'md', 'lg', '2xl'],
  bold: ['2xs', 'md', '2xl'],
} as const satisfies Record<string, readonly string[]>;

/** Runs `step` in a task of its own, when the browser is idle (or soon after, at the latest). */
export type ScheduleStep = (step: () => void) => void;

/**
 * How many styles one step lays out. At full speed a family's first lookup takes 5–10 ms, the others ~1–2 ms each,
 * so three keep a step well under a long task; laying the first style out alone made no measurable difference
 * (docs/lighthouse.md).
 */
const STYLES_PER_STEP = 3;

/**
 * Lays the styles out, a few per step, in a hidden box at the end of `doc.body`; the box is removed after the last
 * step. Returns a function that stops it early (and removes the box).
 */
export function warmUpFonts(doc: Document, schedule: ScheduleStep, styles: Record<string, readonly string[]> = FIRST_SCREEN_TEXT_STYLES): () => void {
  const all = Object.entries(styles).flatMap(([weight, sizes]) => sizes.map((size) => ({ weight, size })));
  let box: HTMLElement | null = null;
  let stopped = false;
  const stop = () => {
    stopped = true;
    box?.remove();
    box = null;
  };
  const next = (from: number) => {
    if (stopped) return;
    if (from >= all.length) return stop();
    if (!box) {
      box = doc.createElement('div');
      box.setAttribute('aria-hidden', 'true');
      box.dataset.fontWarmup = '';
      // out of the page's flow and sight; its own layout does not touch the page's (contain)
      box.style.cssText = 'position:absolute;top:0;left:-10000px;visibility:hidden;pointer-events:none;contain:layout style;white-space:nowrap';
      doc.body.append(box);
    }
    for (const { weight, size } of all.slice(from, from + STYLES_PER_STEP)) {
      const span = doc.createElement('span');
      span.style.fontWeight = `var(--font-weights-${weight})`;
      span.style.fontSize = `var(--font-sizes-${size})`;
      span.textContent = 'Ag';
      box.append(span);
    }
    void box.offsetWidth; // lay it out now, in this step's task: that is when the fonts are looked up
    schedule(() => next(from + STYLES_PER_STEP));
  };
  schedule(() => next(0));
  return stop;
}

/** Steps in idle periods (at most 1 s late); where there are none (Safari), after a short pause. */
export function idleSteps(win: Window): ScheduleStep {
  return (step) => void whenIdle(win, step, { timeoutMs: 1000, fallbackMs: 50 });
}
