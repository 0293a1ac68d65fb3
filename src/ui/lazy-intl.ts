/**
 * An Intl formatter made on first use instead of when its module loads. The page's first Intl formatter costs
 * ~25 ms in Chromium (ICU start-up; ~100 ms at Lighthouse's 4× CPU slowdown), and modules
 * that load on a signed-in first visit (the shell, the menus and the dialog host after the first route) must not
 * pay it for a date or an amount that no dialog shows yet.
 */
export function lazyIntl<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}
