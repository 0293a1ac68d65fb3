import { Portal } from '@ark-ui/react/portal';
import { Tooltip } from '@ark-ui/react/tooltip';
import type { ComponentProps, ReactNode } from 'react';
import { createStyleContext } from 'styled-system/jsx';
import { tooltip } from 'styled-system/recipes';

/** Tooltip parts (Ark Tooltip) plus a one-line `<SimpleTooltip content="…">trigger</SimpleTooltip>`. */
const { withRootProvider, withContext } = createStyleContext(tooltip);

export const Root = withRootProvider(Tooltip.Root, { defaultProps: { openDelay: 400, closeDelay: 100, lazyMount: true, unmountOnExit: true } });
export const Trigger = Tooltip.Trigger;
export const Positioner = withContext(Tooltip.Positioner, 'positioner');
export const Content = withContext(Tooltip.Content, 'content');
export const Arrow = withContext(Tooltip.Arrow, 'arrow');
export const ArrowTip = withContext(Tooltip.ArrowTip, 'arrowTip');

export type RootProps = ComponentProps<typeof Root>;

export interface SimpleTooltipProps extends Omit<RootProps, 'children'> {
  content: ReactNode;
  /** One focusable element (passed through with asChild). */
  children: ReactNode;
}

/** The trigger keeps its own accessible name; the tooltip adds a description. */
export function SimpleTooltip({ content, children, positioning, ...props }: SimpleTooltipProps) {
  return (
    <Root positioning={{ placement: 'top', ...positioning }} {...props}>
      <Trigger asChild>{children}</Trigger>
      <Portal>
        <Positioner>
          <Content>{content}</Content>
        </Positioner>
      </Portal>
    </Root>
  );
}
