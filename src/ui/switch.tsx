import { Switch } from '@ark-ui/react/switch';
import type { ComponentProps, ReactNode } from 'react';
import { createStyleContext } from 'styled-system/jsx';
import { switchRecipe } from 'styled-system/recipes';

/** Switch parts (Ark Switch: role=switch on the hidden input) and a ready <SwitchField label="…" />. */
const { withProvider, withContext } = createStyleContext(switchRecipe);

export const Root = withProvider(Switch.Root, 'root');
export const Control = withContext(Switch.Control, 'control');
export const Thumb = withContext(Switch.Thumb, 'thumb');
export const Label = withContext(Switch.Label, 'label');
/** The native checkbox, announced as a switch. */
export function HiddenInput(props: ComponentProps<typeof Switch.HiddenInput>) {
  return <Switch.HiddenInput role="switch" {...props} />;
}

export type RootProps = ComponentProps<typeof Root>;
export type { SwitchCheckedChangeDetails as CheckedChangeDetails } from '@ark-ui/react/switch';

export function SwitchField({ label, ...props }: RootProps & { label: ReactNode }) {
  return (
    <Root {...props}>
      <Control>
        <Thumb />
      </Control>
      <Label>{label}</Label>
      <HiddenInput />
    </Root>
  );
}
