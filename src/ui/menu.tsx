import { ark } from '@ark-ui/react/factory';
import { Menu } from '@ark-ui/react/menu';
import { Portal } from '@ark-ui/react/portal';
import type { ComponentProps } from 'react';
import { createStyleContext } from '../../styled-system/jsx';
import { menu } from '../../styled-system/recipes';

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

export type RootProps = ComponentProps<typeof Root>;
export type ItemProps = ComponentProps<typeof Item>;
export type { MenuSelectionDetails as SelectionDetails } from '@ark-ui/react/menu';
