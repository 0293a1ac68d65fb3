import type { ComponentProps } from 'react';
import { styled } from 'styled-system/jsx';
import { spinner } from 'styled-system/recipes';
import { UI_MESSAGES } from './messages';

const StyledSpinner = styled('span', spinner);

export type SpinnerProps = ComponentProps<typeof StyledSpinner> & {
  /** Accessible label. When omitted the spinner is decorative (aria-hidden), e.g. inside a busy button. */
  label?: string;
};

/** A spinning ring in the current text colour. Sizes: xs, sm (default), md, lg. */
export function Spinner({ label, ...props }: SpinnerProps) {
  if (!label) return <StyledSpinner aria-hidden="true" {...props} />;
  return <StyledSpinner role="status" aria-label={label ?? UI_MESSAGES.loading} {...props} />;
}
