type IdleWindow = Window & {
  requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number;
  cancelIdleCallback?: (id: number) => void;
};

/**
 * Runs `run` in a task of its own when the browser is idle, at most `timeoutMs` late; where there is no idle
 * callback (Safari, jsdom), after a pause of `fallbackMs`. Returns a function that cancels it if it has not run.
 * The one idle-callback helper of the app: the background-load queue below, App's quiet moment after the first
 * route (src/app/app.tsx), the signed-in integrations (src/platform/use-integrations.ts), the font warm-up
 * (src/ui/font-warmup.ts) and the chat page's stream relay (src/features/chat/chat-page.tsx), each with its own
 * figures.
 */
export function whenIdle(win: Window, run: () => void, { timeoutMs, fallbackMs }: { timeoutMs: number; fallbackMs: number }): () => void {
  const w = win as IdleWindow;
  if (w.requestIdleCallback) {
    const id = w.requestIdleCallback(run, { timeout: timeoutMs });
    return () => w.cancelIdleCallback?.(id);
  }
  const id = win.setTimeout(run, fallbackMs);
  return () => win.clearTimeout(id);
}

/** One queue of background loads, each in an idle period of its own (see loadWhenIdle). */
const idleQueue: (() => Promise<void>)[] = [];
let idleQueueBusy = false;

function pumpIdleQueue() {
  // nothing to run, one running, or the page is gone (a test's document torn down while a load was still arriving)
  if (idleQueueBusy || idleQueue.length === 0 || typeof window === 'undefined') return;
  idleQueueBusy = true;
  const run = () => {
    const load = idleQueue.shift()!;
    // never rejects: a failure goes to the caller (loadWhenIdle's promise), and the queue goes on
    void load().finally(() => {
      idleQueueBusy = false;
      pumpIdleQueue();
    });
  };
  // without idle callbacks, a pause long enough that a page the user is already opening goes first
  whenIdle(window, run, { timeoutMs: 2000, fallbackMs: 500 });
}

/**
 * Starts a background load (a part the current page does not need yet) in an idle period of its own, one after
 * the other: the previous one's chunk has arrived and run before the next starts. Started together, the dialog
 * host, the toaster, the generation actors, the shell's menus and the webinar button were one burst of script
 * evaluation and re-renders right after the first route — on a slow phone a string of long tasks (Lighthouse
 * mobile: total blocking time). One at a time, each is a short task the browser can fit between others.
 * Settles as the load does.
 */
export function loadWhenIdle<T>(load: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    // started at once in its turn; a load that throws rather than rejects is a failure like any other
    idleQueue.push(() => new Promise<T>((started) => started(load())).then(resolve, reject));
    pumpIdleQueue();
  });
}
