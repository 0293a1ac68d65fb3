/**
 * jsdom lacks a few browser APIs that Ark UI / Zag / floating-ui call: ResizeObserver,
 * IntersectionObserver, matchMedia, Element.scrollTo/scrollIntoView and pointer capture.
 * Minimal, inert stand-ins; only installed where missing.
 */
const g = globalThis as unknown as Record<string, unknown>;

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
class IntersectionObserverStub {
  readonly root = null;
  readonly rootMargin = '0px';
  readonly thresholds: number[] = [0];
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

if (typeof window !== 'undefined') {
  if (!g.ResizeObserver) g.ResizeObserver = ResizeObserverStub;
  if (!g.IntersectionObserver) g.IntersectionObserver = IntersectionObserverStub;
  if (typeof window.matchMedia !== 'function') {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  const proto = Element.prototype as unknown as Record<string, unknown>;
  if (typeof proto.scrollTo !== 'function') proto.scrollTo = function scrollTo() {};
  if (typeof proto.scrollIntoView !== 'function') proto.scrollIntoView = function scrollIntoView() {};
  if (typeof proto.hasPointerCapture !== 'function') proto.hasPointerCapture = () => false;
  if (typeof proto.setPointerCapture !== 'function') proto.setPointerCapture = function setPointerCapture() {};
  if (typeof proto.releasePointerCapture !== 'function') proto.releasePointerCapture = function releasePointerCapture() {};
  // jsdom's window.scrollTo only reports "not implemented".
  window.scrollTo = (() => {}) as typeof window.scrollTo;
}

export {};
