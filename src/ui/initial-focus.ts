import { useEffect, useRef } from 'react';

/**
 * Focus for a page's first field (the sign-in pages' email), given once the page has painted — in place of React's
 * `autoFocus`, which focuses during the commit and so makes the browser lay the new page out inside that same task:
 * on /login the commit and the first layout became one 30 ms task at 1× CPU (in a Lighthouse trace), 120 ms
 * on a slow phone, most of it counted as blocking time. Here the layout happens in the frame as usual and the focus
 * comes in its own short task right after. What the visitor sees is the same: the field is focused as the page
 * appears, before anyone can type.
 *
 * The focus is not taken from where the visitor already put it (a click into another field in the meantime).
 */
export function useInitialFocus<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // the frame's callback runs before its layout and paint; the timeout after them
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        const active = document.activeElement;
        if (ref.current && (active === null || active === document.body)) ref.current.focus();
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  return ref;
}
