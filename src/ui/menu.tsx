import { ark } from '@ark-ui/react/factory';
import { Menu, useMenuContext } from '@ark-ui/react/menu';
import { Portal } from '@ark-ui/react/portal';
import { useEffect, type ComponentProps } from 'react';
import type { MenuTakeOver } from './menu-placeholder';
import { createStyleContext } from 'styled-system/jsx';
import { menu } from 'styled-system/recipes';

/**
 * Dropdown menu (Ark Menu: arrow keys, typeahead, Escape, focus return).
 *
 *   <Menu.Root onSelect={(d) => …d.value}>
 *     <Menu.Trigger asChild><Button variant="ghost">…</Button></Menu.Trigger>
 *     <Menu.Positioner><Menu.Content>
 *       <Menu.Item value="profile" asChild><Link to="/…">Profile</Link></Menu.Item>
 *       <Menu.Separator />
 *       <Menu.Item value="logout" data-tone="danger">Log out</Menu.Item>
 *     </Menu.Content></Menu.Positioner>
 *   </Menu.Root>
 *
 * Menu.Positioner renders inside a Portal (so the menu is never clipped by a scrolling sidebar).
 */
const { withRootProvider, withContext } = createStyleContext(menu);

/**
 * Link items (`<Menu.Item asChild><Link …/></Menu.Item>`) chosen with Enter: Zag's default dispatches
 * a non-bubbling click, which React (and so the router's <Link>) never sees — the browser would do a
 * full page load. A real element click bubbles, so client-side routing handles it.
 */
function clickLinkItem({ node }: { node: HTMLAnchorElement }) {
  queueMicrotask(() => node.click());
}

export const Root = withRootProvider(Menu.Root, {
  defaultProps: { navigate: clickLinkItem, lazyMount: true, unmountOnExit: true },
});
export const RootProvider = withRootProvider(Menu.RootProvider);
export const Trigger = Menu.Trigger;
export const ContextTrigger = Menu.ContextTrigger;
export const TriggerItem = withContext(Menu.TriggerItem, 'item');
const StyledPositioner = withContext(Menu.Positioner, 'positioner');
export function Positioner(props: ComponentProps<typeof StyledPositioner>) {
  return (
    <Portal>
      <StyledPositioner {...props} />
    </Portal>
  );
}
export const Content = withContext(Menu.Content, 'content');
export const Item = withContext(Menu.Item, 'item');
export const ItemText = Menu.ItemText;
export const ItemIcon = withContext(ark.span, 'itemIcon');
export const ItemGroup = withContext(Menu.ItemGroup, 'itemGroup');
export const ItemGroupLabel = withContext(Menu.ItemGroupLabel, 'itemGroupLabel');
export const Separator = withContext(Menu.Separator, 'separator');
export const Context = Menu.Context;

/**
 * Inside a `Root` that replaces a stand-in trigger (ui/menu-placeholder.ts): continues what the user started
 * before this code arrived. The Root opens itself (`defaultOpen={!!intent}`; Ark then moves the focus into the
 * menu); this part highlights the first or last item as Ark does on ArrowDown/Enter/Space or ArrowUp, or gives
 * the real trigger the focus the stand-in had.
 *
 *   <Menu.Root defaultOpen={!!takeOver.intent} …><Menu.TakeOver {...takeOver} /><Menu.Trigger …/>…</Menu.Root>
 */
export function TakeOver({ intent, focusTrigger }: MenuTakeOver) {
  const menu = useMenuContext();
  useEffect(() => {
    // a passive effect, not a layout one: it runs after the Root's machine has started (a parent's layout
    // effect), so the trigger's focus event and the highlight reach a running machine
    if (intent === 'first' || intent === 'last') {
      const contentId = menu.getContentProps().id;
      const highlight = () => {
        const content = contentId ? document.getElementById(contentId) : null;
        const items = content?.querySelectorAll<HTMLElement>('[role^="menuitem"]:not([data-disabled])');
        const item = items?.[intent === 'first' ? 0 : items.length - 1];
        if (item?.dataset.value) menu.setHighlightedValue(item.dataset.value);
        return !!item;
      };
      if (!highlight()) requestAnimationFrame(highlight);
    } else if (!intent && focusTrigger) {
      const triggerId = menu.getTriggerProps().id;
      if (triggerId) document.getElementById(triggerId)?.focus({ preventScroll: true });
    }
    // once, on mount: what the stand-in was asked
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}

export type RootProps = ComponentProps<typeof Root>;
export type ItemProps = ComponentProps<typeof Item>;
export type { MenuSelectionDetails as SelectionDetails } from '@ark-ui/react/menu';
