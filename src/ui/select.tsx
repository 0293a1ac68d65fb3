import { Field } from '@ark-ui/react/field';
import { ark } from '@ark-ui/react/factory';
import { Portal } from '@ark-ui/react/portal';
import {
  Select,
  createListCollection,
  type CollectionItem,
  type SelectRootProps,
  type SelectValueChangeDetails,
} from '@ark-ui/react/select';
import { useId, useMemo, type ComponentProps, type ReactElement, type ReactNode } from 'react';
import { createStyleContext } from 'styled-system/jsx';
import { select } from 'styled-system/recipes';
import { CheckIcon, ChevronDownIcon } from './icons';
import { UI_MESSAGES } from './messages';

/**
 * Select (Ark Select over a `createListCollection`). Parts for custom layouts, plus <SelectField>,
 * the dropdown field of the spec: label, optional '(Optional)' mark and, when `invalid`,
 * 'Field should not be empty' (01 §5). The list is at most 200 px high (01 §9).
 */
const { withProvider, withContext } = createStyleContext(select);

const StyledRoot = withProvider(Select.Root, 'root');
/** Select.Root with its item type kept (the style wrapper would erase the generic). */
export const Root = StyledRoot as unknown as <T extends CollectionItem>(
  props: Omit<ComponentProps<typeof StyledRoot>, keyof SelectRootProps<T>> & SelectRootProps<T>,
) => ReactElement;
export const Label = withContext(Select.Label, 'label');
export const Control = withContext(Select.Control, 'control');
export const Trigger = withContext(Select.Trigger, 'trigger');
export const ValueText = withContext(Select.ValueText, 'valueText');
export const Indicator = withContext(Select.Indicator, 'indicator', { defaultProps: { children: <ChevronDownIcon /> } });
export const ClearTrigger = withContext(Select.ClearTrigger, 'clearTrigger');
export const Positioner = withContext(Select.Positioner, 'positioner');
export const Content = withContext(Select.Content, 'content');
export const Item = withContext(Select.Item, 'item');
export const ItemText = withContext(Select.ItemText, 'itemText');
export const ItemIndicator = withContext(Select.ItemIndicator, 'itemIndicator', { defaultProps: { children: <CheckIcon /> } });
export const ItemGroup = withContext(Select.ItemGroup, 'itemGroup');
export const ItemGroupLabel = withContext(Select.ItemGroupLabel, 'itemGroupLabel');
export const HiddenSelect = Select.HiddenSelect;
export const ErrorText = withContext(Field.ErrorText, 'errorText');
export const HelperText = withContext(Field.HelperText, 'helperText');
export const OptionalMark = withContext(ark.span, 'optionalMark', { defaultProps: { children: UI_MESSAGES.optional } });

export { createListCollection };
export type { SelectValueChangeDetails as ValueChangeDetails };

export interface SelectOption {
  label: string;
  value: string;
  disabled?: boolean;
}

export interface SelectFieldProps {
  label: ReactNode;
  items: readonly SelectOption[];
  value?: string | null;
  defaultValue?: string | null;
  onValueChange?: (value: string | null) => void;
  placeholder?: string;
  /** Shows the error state and its text (default 'Field should not be empty'). */
  invalid?: boolean;
  errorText?: ReactNode;
  helperText?: ReactNode;
  /** Marks the label '(Optional)'. */
  optional?: boolean;
  required?: boolean;
  disabled?: boolean;
  name?: string;
  id?: string;
}

export function SelectField({
  label,
  items,
  value,
  defaultValue,
  onValueChange,
  placeholder = UI_MESSAGES.selectPlaceholder,
  invalid = false,
  errorText = UI_MESSAGES.fieldShouldNotBeEmpty,
  helperText,
  optional = false,
  required,
  disabled,
  name,
  id,
}: SelectFieldProps) {
  const collection = useMemo(() => createListCollection<SelectOption>({ items: [...items] }), [items]);
  const uid = useId();
  const errorId = `${id ?? uid}-error`;
  const helperId = `${id ?? uid}-helper`;
  const describedBy = [invalid ? errorId : null, helperText ? helperId : null].filter(Boolean).join(' ') || undefined;
  return (
    <Field.Root invalid={invalid} required={required} disabled={disabled} asChild>
      <Root
        collection={collection}
        ids={id ? { trigger: id } : undefined}
        value={value === undefined ? undefined : value ? [value] : []}
        defaultValue={defaultValue ? [defaultValue] : undefined}
        onValueChange={(d: SelectValueChangeDetails<SelectOption>) => onValueChange?.(d.value[0] ?? null)}
        name={name}
        positioning={{ sameWidth: true }}
      >
        <Label>
          {label}
          {optional && <OptionalMark />}
        </Label>
        <Control>
          <Trigger aria-describedby={describedBy} aria-invalid={invalid || undefined}>
            <ValueText placeholder={placeholder} />
            <Indicator />
          </Trigger>
        </Control>
        {helperText && <HelperText id={helperId}>{helperText}</HelperText>}
        <ErrorText id={errorId}>{errorText}</ErrorText>
        <Portal>
          <Positioner>
            <Content>
              {collection.items.map((item) => (
                <Item key={item.value} item={item}>
                  <ItemText>{item.label}</ItemText>
                  <ItemIndicator />
                </Item>
              ))}
            </Content>
          </Positioner>
        </Portal>
        <HiddenSelect />
      </Root>
    </Field.Root>
  );
}
