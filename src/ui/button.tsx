import type { ComponentProps, ReactNode } from 'react';
import { ark } from '@ark-ui/react/factory';
import { styled } from 'styled-system/jsx';
import { button } from 'styled-system/recipes';
import { Spinner } from './spinner';

const StyledButton = styled(ark.button, button);

export type ButtonProps = ComponentProps<typeof StyledButton> & {
  /** Shows a spinner, sets aria-busy and disables the button (the label stays for its accessible name). */
  loading?: boolean;
  /** Optional text shown instead of the children while loading. */
  loadingText?: ReactNode;
};

/**
 * The product's button. Variants: solid (default) | outline | ghost | danger; sizes: sm | md (default) | lg;
 * `iconOnly` for square icon buttons (give them an aria-label); `fullWidth`.
 * As a link: `<Button asChild><Link to="/pricing">Upgrade</Link></Button>`.
 */
export function Button({ loading = false, loadingText, disabled, children, type, asChild, ...props }: ButtonProps) {
  if (asChild) {
    // The child (e.g. a router Link) is the element; it cannot take `disabled`, so mark it with ARIA.
    return (
      <StyledButton
        asChild
        aria-busy={loading || undefined}
        aria-disabled={disabled || loading || undefined}
        data-loading={loading || undefined}
        {...props}
      >
        {children}
      </StyledButton>
    );
  }
  return (
    <StyledButton
      type={type ?? 'button'}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      data-loading={loading || undefined}
      {...props}
    >
      {loading && <Spinner size="xs" />}
      {loading && loadingText ? loadingText : children}
    </StyledButton>
  );
}
