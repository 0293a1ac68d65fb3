import { Tabs } from '@ark-ui/react/tabs';
import type { ComponentProps } from 'react';
import { createStyleContext } from 'styled-system/jsx';
import { tabs } from 'styled-system/recipes';

/** Tabs (Ark Tabs: roving focus, arrow keys). <Tabs.Root defaultValue="a"><Tabs.List><Tabs.Trigger value="a">… */
const { withProvider, withContext } = createStyleContext(tabs);

export const Root = withProvider(Tabs.Root, 'root');
export const List = withContext(Tabs.List, 'list');
export const Trigger = withContext(Tabs.Trigger, 'trigger');
export const Content = withContext(Tabs.Content, 'content');
export const Indicator = withContext(Tabs.Indicator, 'indicator');

export type RootProps = ComponentProps<typeof Root>;
export type { TabsValueChangeDetails as ValueChangeDetails } from '@ark-ui/react/tabs';
