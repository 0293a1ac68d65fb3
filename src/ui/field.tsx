import { Field } from '@ark-ui/react/field';
import { ark } from '@ark-ui/react/factory';
import type { ComponentProps } from 'react';
import { createStyleContext } from '../../styled-system/jsx';
import { field } from '../../styled-system/recipes';
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
export const Input = withContext(Field.Input, 'input');
export const Textarea = withContext(Field.Textarea, 'textarea');
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
