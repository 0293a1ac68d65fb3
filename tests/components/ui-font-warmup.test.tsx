/**
 * The font warm-up (src/ui/font-warmup.ts): the first screens' text styles laid out once, out of sight and out of
 * the accessibility tree, a few per task, then removed — so the page's first layout finds them looked up already.
 * Steps are run by the test (the scheduler is the test's), never by waiting.
 */
import { describe, expect, test, vi } from 'vitest';
import { FIRST_SCREEN_TEXT_STYLES, idleSteps, warmUpFonts } from '@/ui/font-warmup';
import { token } from 'styled-system/tokens';

function stepper() {
  const queue: (() => void)[] = [];
  return {
    schedule: (step: () => void) => void queue.push(step),
    /** runs the next scheduled step (one task) */
    run() {
      const step = queue.shift();
      if (!step) throw new Error('no step scheduled');
      step();
    },
    get pending() {
      return queue.length;
    },
  };
}

const box = () => document.querySelector<HTMLElement>('[data-font-warmup]');
const styles = { normal: ['sm', 'base'], semibold: ['xs', 'sm', 'lg'], bold: ['2xl'] };

describe('font warm-up', () => {
  test('nothing happens in the calling task; then three styles per step, each forced to layout; the box goes after the last', () => {
    const steps = stepper();
    warmUpFonts(document, steps.schedule, styles);
    expect(box()).toBeNull();
    expect(steps.pending).toBe(1);

    steps.run();
    const spans = () => [...box()!.querySelectorAll('span')].map((s) => `${s.style.fontWeight} ${s.style.fontSize}`);
    expect(spans()).toEqual([
      'var(--font-weights-normal) var(--font-sizes-sm)',
      'var(--font-weights-normal) var(--font-sizes-base)',
      'var(--font-weights-semibold) var(--font-sizes-xs)',
    ]);
    steps.run();
    expect(spans().slice(3)).toEqual([
      'var(--font-weights-semibold) var(--font-sizes-sm)',
      'var(--font-weights-semibold) var(--font-sizes-lg)',
      'var(--font-weights-bold) var(--font-sizes-2xl)',
    ]);
    expect(box()!.textContent).toBe('Ag'.repeat(6));
    steps.run(); // all laid out: the box is removed and nothing more is scheduled
    expect(box()).toBeNull();
    expect(steps.pending).toBe(0);
  });

  test('each step lays its styles out in its own task (the layout is forced there, not left to the next frame)', () => {
    const steps = stepper();
    const stop = warmUpFonts(document, steps.schedule, styles);
    let reads = 0;
    const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetWidth')!;
    Object.defineProperty(HTMLElement.prototype, 'offsetWidth', {
      configurable: true,
      get(this: HTMLElement) {
        if (this.hasAttribute('data-font-warmup')) reads++;
        return original.get!.call(this);
      },
    });
    try {
      steps.run();
      expect(reads).toBe(1);
      steps.run();
      expect(reads).toBe(2);
    } finally {
      Object.defineProperty(HTMLElement.prototype, 'offsetWidth', original);
      stop();
    }
    expect(box()).toBeNull();
  });

  test('out of sight and out of the accessibility tree, outside the page’s root', () => {
    const root = document.createElement('div');
    root.id = 'root';
    root.textContent = 'page';
    document.body.append(root);
    const steps = stepper();
    warmUpFonts(document, steps.schedule, styles);
    steps.run();
    const el = box()!;
    expect(el.parentElement).toBe(document.body);
    expect(root.contains(el)).toBe(false);
    expect(el).toHaveAttribute('aria-hidden', 'true');
    expect(el.style.visibility).toBe('hidden');
    expect(el.style.position).toBe('absolute');
    expect(el.style.pointerEvents).toBe('none');
    expect(el).not.toBeVisible();
    root.remove();
    steps.run();
    steps.run(); // the rest: then it is gone
    expect(box()).toBeNull();
  });

  test('stopping it early removes the box and ends the steps', () => {
    const steps = stepper();
    const stop = warmUpFonts(document, steps.schedule, styles);
    steps.run();
    expect(box()).not.toBeNull();
    stop();
    expect(box()).toBeNull();
    steps.run(); // the step already scheduled does nothing
    expect(box()).toBeNull();
    expect(steps.pending).toBe(0);
  });

  test('the default styles are theme tokens (weights and sizes Panda defines as variables)', () => {
    for (const [weight, list] of Object.entries(FIRST_SCREEN_TEXT_STYLES)) {
      expect(token.var(`fontWeights.${weight}` as never)).toBe(`var(--font-weights-${weight})`);
      expect(token(`fontWeights.${weight}` as never)).toMatch(/^\d00$/);
      for (const size of list) {
        expect(token.var(`fontSizes.${size}` as never)).toBe(`var(--font-sizes-${size})`);
        expect(token(`fontSizes.${size}` as never)).toMatch(/rem$/);
      }
    }
  });

  test('steps go to idle callbacks (at most 1 s late), or after a 50 ms pause where the browser has none', () => {
    const idle: { cb: () => void; timeout?: number }[] = [];
    const withIdle = { requestIdleCallback: (cb: () => void, o?: { timeout: number }) => idle.push({ cb, timeout: o?.timeout }), setTimeout } as unknown as Window;
    const ran: string[] = [];
    idleSteps(withIdle)(() => ran.push('idle'));
    expect(idle).toHaveLength(1);
    expect(idle[0].timeout).toBe(1000);
    expect(ran).toEqual([]);
    idle[0].cb();
    expect(ran).toEqual(['idle']);

    vi.useFakeTimers();
    try {
      const withoutIdle = { setTimeout: (cb: () => void, ms: number) => setTimeout(cb, ms) } as unknown as Window;
      idleSteps(withoutIdle)(() => ran.push('timer'));
      vi.advanceTimersByTime(49);
      expect(ran).toEqual(['idle']);
      vi.advanceTimersByTime(1);
      expect(ran).toEqual(['idle', 'timer']);
    } finally {
      vi.useRealTimers();
    }
  });
});
