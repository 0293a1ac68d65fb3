/// <reference lib="webworker" />
/** The stream relay's worker: all of its logic is `serveStreamRelay` (stream-relay.ts), unit-tested there. */
import { serveStreamRelay } from './stream-relay';

declare const self: DedicatedWorkerGlobalScope;

serveStreamRelay({
  post: (message, transfer) => self.postMessage(message, transfer ?? []),
  listen: (handler) => {
    self.onmessage = (event) => handler(event.data);
  },
  fetch: (url, init) => fetch(url, init),
  now: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (id) => clearTimeout(id as number),
});
