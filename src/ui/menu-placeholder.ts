import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';

/**
 * How the user asked for a menu before its code had arrived, as Ark's trigger would have opened it:
 * 'pointer' (a click: open, nothing highlighted), 'first' (ArrowDown, Enter, Space: open on the first item),
 * 'last' (ArrowUp: open on the last item).
 */
export type MenuOpenIntent = 'pointer' | 'first' | 'last';

/** What the real menu, mounted in place of the stand-in, continues from (see ui/menu.tsx `TakeOver`). */
export interface MenuTakeOver {
  /** Open at once, as asked (null: mount closed). */
  intent: MenuOpenIntent | null;
  /** The stand-in had the focus: the real trigger takes it. */
  focusTrigger: boolean;
}

export interface MenuPlaceholder extends MenuTakeOver {
  /** Render the real menu (its module is there and no press on the stand-in is under way). */
  ready: boolean;
  /** Spread on the stand-in `<button>` (it must look like the real trigger and carry its accessible name). */
  props: {
    ref: RefObject<HTMLButtonElement | null>;
    type: 'button';
    'aria-haspopup': 'menu';
    'aria-expanded': false;
    'data-state': 'closed';
    onPointerEnter(): void;
    onPointerDown(e: PointerEvent<HTMLButtonElement>): void;
    onClick(): void;
    onFocus(): void;
    onKeyDown(e: KeyboardEvent<HTMLButtonElement>): void;
  };
}

const OPEN_KEYS: Record<string, MenuOpenIntent> = { ArrowDown: 'first', Enter: 'first', ' ': 'first', ArrowUp: 'last' };

/**
 * A menu trigger that works before the menu's code (Ark Menu, its positioner, the items) has loaded: a plain
 * `<button>` stands in for the real trigger, starts the load as soon as the user comes near it (hover, focus,
 * press, key), and remembers how it was asked to open, so the real menu opens that way once it arrives — and
 * takes the focus, as Ark's would. If the load fails (offline) the wish is dropped (nothing pops open later by
 * surprise) and the next interaction tries again.
 *
 * `loaded`: the menu's module is there; `preload`: loads it (must not cache a failure).
 */
export function useMenuPlaceholder(preload: () => Promise<unknown>, loaded: boolean): MenuPlaceholder {
  const ref = useRef<HTMLButtonElement>(null);
  const [intent, setIntent] = useState<MenuOpenIntent | null>(null);
  // A press on the stand-in keeps it in place until the click: swapped out between pointerdown and click (the
  // module landing meanwhile), the click would reach neither button and be lost.
  const [pressed, setPressed] = useState(false);
  const ready = loaded && !pressed;

  // Read during the render that swaps the stand-in for the real trigger, on purpose: the stand-in is still in
  // the document then (refs detach at commit), and whether it has the focus decides whether the real trigger
  // takes it over (a keyboard user who had tabbed to it must not lose their place).
  const focusOnSwap = useRef(false);
  if (ready && ref.current) focusOnSwap.current = ref.current === ref.current.ownerDocument.activeElement;

  // Consumed by the real menu's first render: when it remounts later (a chat row after an inline rename) it
  // must neither reopen nor take the focus.
  useEffect(() => {
    if (!ready) return;
    focusOnSwap.current = false;
    setIntent(null);
  }, [ready]);

  // A press released off the button has no click: let the swap happen. Deferred a task, because the click (when
  // there is one) is dispatched after pointerup and must still find the stand-in.
  useEffect(() => {
    if (!pressed) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const release = () => {
      timer = setTimeout(() => setPressed(false), 0);
    };
    document.addEventListener('pointerup', release, true);
    document.addEventListener('pointercancel', release, true);
    return () => {
      document.removeEventListener('pointerup', release, true);
      document.removeEventListener('pointercancel', release, true);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [pressed]);

  // While the code is on its way (a slow network), the user may change their mind: a press elsewhere, the
  // focus moving on, or Escape drops the wish, so the menu does not open later under their feet.
  useEffect(() => {
    if (!intent || loaded) return;
    const el = ref.current;
    const outside = (e: Event) => {
      if (!(e.target instanceof Node) || !el?.contains(e.target)) setIntent(null);
    };
    const escape = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape') setIntent(null);
    };
    document.addEventListener('pointerdown', outside, true);
    document.addEventListener('focusin', outside, true);
    document.addEventListener('keydown', escape, true);
    return () => {
      document.removeEventListener('pointerdown', outside, true);
      document.removeEventListener('focusin', outside, true);
      document.removeEventListener('keydown', escape, true);
    };
  }, [intent, loaded]);

  const load = () => {
    preload().catch(() => setIntent(null));
  };

  return {
    ready,
    intent: ready ? intent : null,
    focusTrigger: ready && focusOnSwap.current,
    props: {
      ref,
      type: 'button',
      'aria-haspopup': 'menu',
      'aria-expanded': false,
      'data-state': 'closed',
      onPointerEnter: load,
      onPointerDown(e) {
        if (e.button !== 0 || e.ctrlKey) return;
        // as Ark's trigger does: a press does not move the focus to the button (the open menu takes it)
        e.preventDefault();
        setPressed(true);
        load();
      },
      onClick() {
        // a keyboard wish (Enter, Space) is not turned into a pointer one by the click the browser may add
        setIntent((current) => current ?? 'pointer');
        setPressed(false);
        load();
      },
      onFocus: load,
      onKeyDown(e) {
        const wish = OPEN_KEYS[e.key];
        if (!wish || e.defaultPrevented) return;
        e.preventDefault();
        setIntent(wish);
        load();
      },
    },
  };
}
