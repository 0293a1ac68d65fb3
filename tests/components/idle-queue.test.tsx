import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The queue is module state: each case imports a fresh copy.
async function freshQueue() {
  vi.resetModules();
  return (await import('@/platform/idle-queue')).loadWhenIdle;
}

function deferred() {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('background loads through the idle queue', () => {
  let idleCallbacks: (() => void)[];
  beforeEach(() => {
    idleCallbacks = [];
    (window as unknown as { requestIdleCallback: (cb: () => void) => number }).requestIdleCallback = (cb) => idleCallbacks.push(cb);
  });
  afterEach(() => {
    delete (window as unknown as { requestIdleCallback?: unknown }).requestIdleCallback;
    vi.useRealTimers();
  });

  it('starts one load per idle period, the next only once the previous has settled', async () => {
    const loadWhenIdle = await freshQueue();
    const first = deferred();
    const second = deferred();
    const started: string[] = [];
    loadWhenIdle(() => (started.push('dialog host'), first.promise));
    loadWhenIdle(() => (started.push('toaster'), second.promise));
    expect(started).toEqual([]); // nothing before the browser is idle
    expect(idleCallbacks).toHaveLength(1);

    idleCallbacks.shift()!();
    expect(started).toEqual(['dialog host']);
    await flush();
    expect(idleCallbacks).toHaveLength(0); // the toaster waits while the dialog host is still loading

    first.resolve();
    await flush();
    expect(idleCallbacks).toHaveLength(1); // …then asks for an idle period of its own
    expect(started).toEqual(['dialog host']);
    idleCallbacks.shift()!();
    expect(started).toEqual(['dialog host', 'toaster']);
  });

  it('goes on after a failed load (offline): the caller hears of the failure, the next part still loads', async () => {
    const loadWhenIdle = await freshQueue();
    const failing = deferred();
    const next = vi.fn(() => Promise.resolve('menus'));
    const first = loadWhenIdle(() => failing.promise);
    const second = loadWhenIdle(next);
    idleCallbacks.shift()!();
    failing.reject(new TypeError('Failed to fetch dynamically imported module'));
    await expect(first).rejects.toThrow('Failed to fetch dynamically imported module');
    await flush();
    idleCallbacks.shift()!();
    expect(next).toHaveBeenCalledOnce();
    await expect(second).resolves.toBe('menus');
  });

  it('without an idle callback (Safari) waits 500 ms before each load', async () => {
    delete (window as unknown as { requestIdleCallback?: unknown }).requestIdleCallback;
    vi.useFakeTimers();
    const loadWhenIdle = await freshQueue();
    const load = vi.fn(() => Promise.resolve());
    loadWhenIdle(load);
    loadWhenIdle(load);
    await vi.advanceTimersByTimeAsync(499);
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(500);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a load that settles after the page is gone starts nothing more and throws nothing', async () => {
    const loadWhenIdle = await freshQueue();
    const arriving = deferred();
    const next = vi.fn(() => Promise.resolve());
    const first = loadWhenIdle(() => arriving.promise);
    loadWhenIdle(next);
    idleCallbacks.shift()!();
    vi.stubGlobal('window', undefined); // the document is torn down while the first chunk is still on its way
    try {
      arriving.resolve();
      await expect(first).resolves.toBeUndefined();
      await flush();
    } finally {
      vi.unstubAllGlobals();
    }
    expect(next).not.toHaveBeenCalled();
    expect(idleCallbacks).toHaveLength(0);
  });
});

describe('whenIdle, the one idle-callback helper', () => {
  afterEach(() => vi.useRealTimers());

  it('runs in an idle callback with the given timeout, and its cancel function cancels that callback', async () => {
    const { whenIdle } = await import('@/platform/idle-queue');
    const requested: { timeout?: number }[] = [];
    const cancelled: number[] = [];
    const win = {
      requestIdleCallback: (_cb: () => void, o?: { timeout: number }) => requested.push({ timeout: o?.timeout }),
      cancelIdleCallback: (id: number) => cancelled.push(id),
      setTimeout: () => {
        throw new Error('no timer where there are idle callbacks');
      },
    } as unknown as Window;
    const run = vi.fn();
    const cancel = whenIdle(win, run, { timeoutMs: 2000, fallbackMs: 0 });
    expect(requested.map((r) => r.timeout)).toEqual([2000]);
    expect(run).not.toHaveBeenCalled();
    cancel();
    expect(cancelled).toEqual([1]); // the id requestIdleCallback returned
  });

  it('without idle callbacks (Safari) runs after the fallback pause, and cancelling before then runs nothing', async () => {
    vi.useFakeTimers();
    const { whenIdle } = await import('@/platform/idle-queue');
    const run = vi.fn();
    whenIdle(window, run, { timeoutMs: 1000, fallbackMs: 50 });
    vi.advanceTimersByTime(49);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    const other = vi.fn();
    const cancel = whenIdle(window, other, { timeoutMs: 1000, fallbackMs: 50 });
    vi.advanceTimersByTime(20);
    cancel();
    vi.advanceTimersByTime(100);
    expect(other).not.toHaveBeenCalled();
  });
});
