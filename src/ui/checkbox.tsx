import { Checkbox } from '@ark-ui/react/checkbox';
import type { ComponentProps, ReactNode } from 'react';
import { createStyleContext } from 'styled-system/jsx';
import { checkbox } from 'styled-system/recipes';
import { CheckIcon } from './icons';

/** Checkbox parts (Ark Checkbox, native hidden input) and a ready <CheckboxField label="…" />. */
const { withProvider, withContext } = createStyleContext(checkbox);

export const Root = withProvider(Checkbox.Root, 'root');
export const Control = withContext(Checkbox.Control, 'control');
export const Indicator = withContext(Checkbox.Indicator, 'indicator', { defaultProps: { children: <CheckIcon /> } });
export const Label = withContext(Checkbox.Label, 'label');
export const HiddenInput = Checkbox.HiddenInput;
export const Group = Checkbox.Group;

export type RootProps = ComponentProps<typeof Root>;
export type { CheckboxCheckedChangeDetails as CheckedChangeDetails } from '@ark-ui/react/checkbox';

export function CheckboxField({ label, ...props }: RootProps & { label: ReactNode }) {
  return (
    <Root {...props}>
      <Control>
        <Indicator />
      </Control>
      <Label>{label}</Label>
      <HiddenInput />
    </Root>
  );
}
