/**
 * The browser navigations of the payment and billing dialogs, in one place so component tests can
 * replace them (jsdom cannot leave the page, and Location's methods cannot be spied on).
 */

/** Leave the app for a checkout or billing page. */
export function assignLocation(url: string): void {
  window.location.assign(url);
}

/**
 * Opens an empty tab at once (inside the click, so pop-up blockers allow it); point it at the address
 * once known with `pointTab`, or close it on failure.
 */
export function openBlankTab(): Window | null {
  return window.open('', '_blank');
}

export function pointTab(tab: Window | null, url: string): void {
  if (tab) tab.location.href = url;
  else window.location.assign(url);
}
