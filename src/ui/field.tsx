import { Field, useFieldContext } from '@ark-ui/react/field';
import { ark } from '@ark-ui/react/factory';
import type { ComponentProps } from 'react';
import { createStyleContext } from 'styled-system/jsx';
import { field } from 'styled-system/recipes';
import { UI_MESSAGES } from './messages';

/**
 * Form field (Ark Field): Root takes invalid / required / disabled / readOnly and wires the ids —
 * Input/Textarea get aria-describedby (helper + error text) and aria-invalid; ErrorText renders only
 * when the Root is invalid.
 *
 *   <Field.Root invalid={!!error}>
 *     <Field.Label>Title</Field.Label>
 *     <Field.Input />
 *     <Field.HelperText>…</Field.HelperText>
 *     <Field.ErrorText>{error}</Field.ErrorText>
 *   </Field.Root>
 */
const { withProvider, withContext } = createStyleContext(field);

export const Root = withProvider(Field.Root, 'root');
export const Label = withContext(Field.Label, 'label');
const StyledInput = withContext(Field.Input, 'input');
const StyledTextarea = withContext(Field.Textarea, 'textarea');

/**
 * Ark points aria-describedby at the helper text and aria-errormessage at the error text; screen
 * reader support for aria-errormessage is patchy, so the error text is added to aria-describedby too.
 */
function useDescribedBy(own: string | undefined): string | undefined {
  const field = useFieldContext();
  // aria-errormessage is set by Ark only while invalid and an ErrorText is mounted.
  const errorId = field?.getInputProps()['aria-errormessage'] as string | undefined;
  return [...new Set([own, field?.ariaDescribedby, errorId].filter(Boolean))].join(' ') || undefined;
}

export function Input(props: ComponentProps<typeof StyledInput>) {
  return <StyledInput {...props} aria-describedby={useDescribedBy(props['aria-describedby'])} />;
}
export function Textarea(props: ComponentProps<typeof StyledTextarea>) {
  return <StyledTextarea {...props} aria-describedby={useDescribedBy(props['aria-describedby'])} />;
}
export const HelperText = withContext(Field.HelperText, 'helperText');
export const ErrorText = withContext(Field.ErrorText, 'errorText');
export const RequiredIndicator = withContext(Field.RequiredIndicator, 'requiredIndicator', {
  defaultProps: { children: '*' },
});
/** '(Optional)' next to a label (01 §5). */
export const OptionalMark = withContext(ark.span, 'optionalMark', {
  defaultProps: { children: UI_MESSAGES.optional },
});
export const Context = Field.Context;

export type RootProps = ComponentProps<typeof Root>;
export type InputProps = ComponentProps<typeof Input>;
export type TextareaProps = ComponentProps<typeof Textarea>;
