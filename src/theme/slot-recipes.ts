import { defineSlotRecipe } from '@pandacss/dev';

/** Invalid as our validation says (Ark's data-invalid, aria-invalid), never the browser's own `:invalid`. */
const INVALID = '&:is([data-invalid], [aria-invalid=true])';

/**
 * Slot recipes, one per Ark UI part wrapped in src/ui/. Slot names follow the Ark anatomy
 * (plus a few extras such as dialog `footer` or select `optionalMark`).
 */

const popoverSurface = {
  bg: 'bg.surface',
  color: 'fg.default',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'md',
  boxShadow: 'lg',
  _open: { animation: 'pop-in 140ms {easings.default}' },
  _closed: { animation: 'pop-out 100ms {easings.default}' },
} as const;

const fieldLabel = {
  display: 'inline-flex',
  alignItems: 'baseline',
  gap: '1',
  fontSize: 'sm',
  fontWeight: 'medium',
  color: 'fg.default',
  _disabled: { color: 'fg.disabled' },
} as const;

const fieldError = {
  display: 'flex',
  alignItems: 'center',
  gap: '1.5',
  fontSize: 'xs',
  fontWeight: 'medium',
  color: 'danger.text',
} as const;

const fieldControl = {
  width: 'full',
  minW: '0',
  bg: 'bg.surface',
  color: 'fg.default',
  borderWidth: '1px',
  borderColor: 'border.control',
  borderRadius: 'md',
  fontSize: 'sm',
  transitionProperty: 'border-color, box-shadow',
  transitionDuration: 'fast',
  _placeholder: { color: 'fg.subtle' },
  _hover: { borderColor: 'fg.muted' },
  _focusVisible: { outline: 'none', borderColor: 'accent.default', boxShadow: '0 0 0 3px {colors.accent.muted}' },
  // Not Panda's `_invalid`: it also matches the native `:invalid`, which paints every empty required field red
  // before the user has typed anything. Red follows our own validation (Ark sets data-invalid / aria-invalid).
  [INVALID]: {
    borderColor: 'danger.default',
    _focusVisible: { borderColor: 'danger.default', boxShadow: '0 0 0 3px {colors.danger.subtle}' },
  },
  _disabled: { cursor: 'not-allowed', opacity: 0.6, bg: 'bg.subtle', _hover: { borderColor: 'border.control' } },
} as const;

export const dialog = defineSlotRecipe({
  className: 'dialog',
  jsx: ['Dialog'],
  slots: ['backdrop', 'positioner', 'content', 'header', 'title', 'description', 'body', 'footer', 'closeTrigger'],
  base: {
    backdrop: {
      position: 'fixed',
      inset: '0',
      zIndex: 'overlay',
      bg: 'bg.overlay',
      backdropFilter: 'blur(2px)',
      _open: { animation: 'fade-in 160ms {easings.default}' },
      _closed: { animation: 'fade-out 120ms {easings.default}' },
    },
    positioner: {
      position: 'fixed',
      inset: '0',
      zIndex: 'modal',
      display: 'flex',
      alignItems: { base: 'flex-end', sm: 'center' },
      justifyContent: 'center',
      p: { base: '0', sm: '4' },
      overflowY: 'auto',
    },
    content: {
      position: 'relative',
      display: 'flex',
      flexDirection: 'column',
      gap: '4',
      width: 'full',
      maxH: { base: '92dvh', sm: 'calc(100dvh - 2rem)' },
      overflowY: 'auto',
      bg: 'bg.surface',
      color: 'fg.default',
      borderRadius: { base: 'lg lg 0 0', sm: 'lg' },
      boxShadow: 'xl',
      p: '6',
      outline: 'none',
      _open: { animation: 'dialog-in 200ms {easings.default}' },
      _closed: { animation: 'dialog-out 140ms {easings.default}' },
    },
    header: { display: 'flex', flexDirection: 'column', gap: '1.5', pr: '8' },
    title: { fontSize: 'lg', fontWeight: 'semibold', lineHeight: '1.35', color: 'fg.default' },
    description: { fontSize: 'base', lineHeight: '1.55', color: 'fg.muted' },
    body: { display: 'flex', flexDirection: 'column', gap: '4', fontSize: 'base' },
    footer: {
      display: 'flex',
      flexWrap: 'wrap-reverse',
      justifyContent: 'flex-end',
      gap: '3',
      pt: '2',
    },
    closeTrigger: {
      position: 'absolute',
      top: '4',
      right: '4',
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      width: '8',
      height: '8',
      borderRadius: 'sm',
      color: 'fg.muted',
      cursor: 'pointer',
      _hover: { bg: 'bg.subtle', color: 'fg.default' },
      '& svg': { width: '4.5', height: '4.5' },
    },
  },
  variants: {
    size: {
      sm: { content: { maxW: { base: 'full', sm: '400px' } } },
      /** 01 §9: dialog width 560. */
      md: { content: { maxW: { base: 'full', sm: 'dialog' } } },
      lg: { content: { maxW: { base: 'full', sm: '760px' } } },
    },
  },
  defaultVariants: { size: 'md' },
});

/*
 * Zag's positioner carries an inline `z-index: var(--z-index)`, with --z-index copied from its first child's computed
 * z-index ('auto' for our contents and the profile menu's section): a class's z-index on the positioner lost to it,
 * and a menu opened from the mobile drawer (z-index modal) was drawn behind the drawer. !important wins over the
 * inline style, whatever the positioner holds.
 */
const positionerLayer = (layer: 'popover' | 'tooltip') => ({ zIndex: `${layer} !important` });

export const menu = defineSlotRecipe({
  className: 'menu',
  jsx: ['Menu'],
  slots: ['positioner', 'content', 'item', 'itemGroup', 'itemGroupLabel', 'separator', 'itemIcon'],
  base: {
    positioner: positionerLayer('popover'),
    content: {
      ...popoverSurface,
      minW: '220px',
      maxH: 'min(70dvh, 520px)',
      overflowY: 'auto',
      p: '1.5',
      display: 'flex',
      flexDirection: 'column',
      outline: 'none',
    },
    item: {
      display: 'flex',
      alignItems: 'center',
      gap: '2.5',
      minH: '9',
      px: '2.5',
      borderRadius: 'sm',
      fontSize: 'sm',
      color: 'fg.default',
      cursor: 'pointer',
      textDecoration: 'none',
      userSelect: 'none',
      outline: 'none',
      _highlighted: { bg: 'bg.subtle' },
      _disabled: { opacity: 0.5, cursor: 'not-allowed' },
      '&[data-tone=danger]': { color: 'danger.text', _highlighted: { bg: 'danger.subtle' } },
      '& svg': { width: '4', height: '4', color: 'fg.muted', flexShrink: 0 },
    },
    itemIcon: { display: 'inline-flex', color: 'fg.muted' },
    itemGroup: { display: 'flex', flexDirection: 'column' },
    itemGroupLabel: { px: '2.5', py: '1.5', fontSize: 'xs', fontWeight: 'semibold', color: 'fg.muted' },
    separator: { my: '1.5', mx: '-1.5', borderTopWidth: '1px', borderColor: 'border.default' },
  },
});

export const tooltip = defineSlotRecipe({
  className: 'tooltip',
  jsx: ['Tooltip'],
  slots: ['positioner', 'content', 'arrow', 'arrowTip'],
  base: {
    positioner: positionerLayer('tooltip'),
    content: {
      bg: 'bg.inverted',
      color: 'fg.inverted',
      px: '2.5',
      py: '1.5',
      borderRadius: 'sm',
      fontSize: 'xs',
      fontWeight: 'medium',
      lineHeight: '1.4',
      maxW: '280px',
      boxShadow: 'md',
      _open: { animation: 'fade-in 120ms {easings.default}' },
      _closed: { animation: 'fade-out 80ms {easings.default}' },
    },
    arrow: { '--arrow-size': '8px', '--arrow-background': '{colors.bg.inverted}' },
    arrowTip: {},
  },
});

export const tabs = defineSlotRecipe({
  className: 'tabs',
  jsx: ['Tabs'],
  slots: ['root', 'list', 'trigger', 'content', 'indicator'],
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '4', width: 'full' },
    list: {
      position: 'relative',
      display: 'flex',
      gap: '1',
      borderBottomWidth: '1px',
      borderColor: 'border.default',
      overflowX: 'auto',
      scrollbarWidth: 'none',
    },
    trigger: {
      display: 'inline-flex',
      alignItems: 'center',
      gap: '2',
      h: '10',
      px: '3',
      fontSize: 'sm',
      fontWeight: 'medium',
      color: 'fg.muted',
      whiteSpace: 'nowrap',
      cursor: 'pointer',
      borderRadius: 'sm sm 0 0',
      transition: 'color {durations.fast}',
      _hover: { color: 'fg.default' },
      _selected: { color: 'accent.text' },
      _disabled: { opacity: 0.5, cursor: 'not-allowed' },
    },
    indicator: {
      bottom: '-1px',
      height: '2px',
      width: 'var(--width)',
      bg: 'accent.default',
      borderRadius: 'full',
    },
    content: { outline: 'none', fontSize: 'base' },
  },
});

export const field = defineSlotRecipe({
  className: 'field',
  jsx: ['Field'],
  slots: ['root', 'label', 'input', 'textarea', 'helperText', 'errorText', 'requiredIndicator', 'optionalMark'],
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '1.5', width: 'full' },
    label: fieldLabel,
    input: { ...fieldControl, h: '10', px: '3' },
    textarea: { ...fieldControl, minH: '24', px: '3', py: '2.5', lineHeight: '1.5', resize: 'vertical' },
    helperText: { fontSize: 'xs', color: 'fg.muted' },
    errorText: fieldError,
    requiredIndicator: { color: 'danger.text' },
    optionalMark: { fontSize: 'xs', fontWeight: 'normal', color: 'fg.muted' },
  },
});

export const select = defineSlotRecipe({
  className: 'select',
  jsx: ['Select'],
  slots: [
    'root',
    'label',
    'control',
    'trigger',
    'valueText',
    'indicator',
    'clearTrigger',
    'positioner',
    'content',
    'item',
    'itemText',
    'itemIndicator',
    'itemGroup',
    'itemGroupLabel',
    'errorText',
    'helperText',
    'optionalMark',
  ],
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '1.5', width: 'full' },
    label: fieldLabel,
    control: { position: 'relative' },
    trigger: {
      ...fieldControl,
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'space-between',
      gap: '2',
      h: '10',
      px: '3',
      textAlign: 'start',
      cursor: 'pointer',
      [INVALID]: { borderColor: 'danger.default' },
      '&[data-placeholder-shown]': { color: 'fg.subtle' },
    },
    valueText: { flex: '1', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
    indicator: {
      display: 'inline-flex',
      color: 'fg.muted',
      transition: 'transform {durations.fast}',
      _open: { transform: 'rotate(180deg)' },
      '& svg': { width: '4', height: '4' },
    },
    clearTrigger: { color: 'fg.muted', cursor: 'pointer' },
    positioner: positionerLayer('popover'),
    content: {
      ...popoverSurface,
      p: '1',
      /** 01 §9: dropdown list max height 200 px. */
      maxH: '200px',
      overflowY: 'auto',
      outline: 'none',
    },
    item: {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'space-between',
      gap: '2',
      minH: '9',
      px: '2.5',
      borderRadius: 'sm',
      fontSize: 'sm',
      cursor: 'pointer',
      _highlighted: { bg: 'bg.subtle' },
      _checked: { color: 'accent.text', fontWeight: 'medium' },
      _disabled: { opacity: 0.5, cursor: 'not-allowed' },
    },
    itemText: {},
    itemIndicator: { display: 'inline-flex', color: 'accent.text', '& svg': { width: '4', height: '4' } },
    itemGroup: {},
    itemGroupLabel: { px: '2.5', py: '1.5', fontSize: 'xs', fontWeight: 'semibold', color: 'fg.muted' },
    errorText: fieldError,
    helperText: { fontSize: 'xs', color: 'fg.muted' },
    optionalMark: { fontSize: 'xs', fontWeight: 'normal', color: 'fg.muted' },
  },
});

export const checkbox = defineSlotRecipe({
  className: 'checkbox',
  jsx: ['Checkbox'],
  slots: ['root', 'control', 'indicator', 'label'],
  base: {
    root: { display: 'inline-flex', alignItems: 'center', gap: '2.5', cursor: 'pointer', _disabled: { cursor: 'not-allowed', opacity: 0.55 } },
    control: {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      flexShrink: 0,
      width: '4.5',
      height: '4.5',
      borderWidth: '1.5px',
      borderColor: 'border.control',
      borderRadius: 'xs',
      bg: 'bg.surface',
      color: 'accent.fg',
      transition: 'background {durations.fast}, border-color {durations.fast}',
      _hover: { borderColor: 'fg.muted' },
      _checked: { bg: 'accent.default', borderColor: 'accent.default', _hover: { bg: 'accent.emphasized' } },
      _indeterminate: { bg: 'accent.default', borderColor: 'accent.default' },
      [INVALID]: { borderColor: 'danger.default' },
      _focusVisible: { outline: '2px solid', outlineColor: 'accent.focusRing', outlineOffset: '2px' },
      '& svg': { width: '3.5', height: '3.5' },
    },
    indicator: { display: 'inline-flex' },
    label: { fontSize: 'sm', color: 'fg.default', userSelect: 'none' },
  },
});

export const switchRecipe = defineSlotRecipe({
  className: 'switch',
  jsx: ['Switch'],
  slots: ['root', 'control', 'thumb', 'label'],
  base: {
    root: { display: 'inline-flex', alignItems: 'center', gap: '2.5', cursor: 'pointer', _disabled: { cursor: 'not-allowed', opacity: 0.55 } },
    control: {
      display: 'inline-flex',
      alignItems: 'center',
      flexShrink: 0,
      width: '9',
      height: '5',
      p: '2px',
      borderRadius: 'full',
      bg: 'border.control',
      transition: 'background {durations.normal}',
      _checked: { bg: 'accent.default' },
      _focusVisible: { outline: '2px solid', outlineColor: 'accent.focusRing', outlineOffset: '2px' },
    },
    thumb: {
      width: '4',
      height: '4',
      borderRadius: 'full',
      bg: 'neutral.0',
      boxShadow: 'sm',
      transition: 'transform {durations.normal} {easings.default}',
      _checked: { transform: 'translateX(16px)' },
    },
    label: { fontSize: 'sm', color: 'fg.default', userSelect: 'none' },
  },
});

export const progress = defineSlotRecipe({
  className: 'progress',
  jsx: ['Progress'],
  slots: ['root', 'label', 'valueText', 'track', 'range', 'circle', 'circleTrack', 'circleRange', 'view'],
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '1.5', width: 'full' },
    label: { fontSize: 'xs', fontWeight: 'medium', color: 'fg.muted' },
    valueText: { fontSize: 'xs', fontWeight: 'medium', color: 'fg.muted', fontVariantNumeric: 'tabular-nums' },
    track: { position: 'relative', overflow: 'hidden', width: 'full', bg: 'bg.muted', borderRadius: 'full' },
    range: {
      height: 'full',
      bg: 'accent.default',
      borderRadius: 'full',
      transition: 'width {durations.slow} {easings.default}',
      '&[data-state=complete]': { bg: 'success.default' },
    },
    circle: {},
    circleTrack: { stroke: 'bg.muted' },
    circleRange: { stroke: 'accent.default', strokeLinecap: 'round', transition: 'stroke-dashoffset {durations.slow} {easings.default}' },
    view: {},
  },
  variants: {
    size: {
      sm: { track: { height: '1.5' }, root: { '--size': '24px', '--thickness': '3px' } },
      md: { track: { height: '2' }, root: { '--size': '40px', '--thickness': '4px' } },
      lg: { track: { height: '3' }, root: { '--size': '64px', '--thickness': '6px' } },
    },
    shape: {
      linear: {},
      ring: { root: { width: 'auto', display: 'inline-flex', alignItems: 'center', position: 'relative' } },
    },
  },
  defaultVariants: { size: 'md', shape: 'linear' },
});

export const avatar = defineSlotRecipe({
  className: 'avatar',
  jsx: ['Avatar'],
  slots: ['root', 'image', 'fallback'],
  base: {
    root: {
      position: 'relative',
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      flexShrink: 0,
      overflow: 'hidden',
      borderRadius: 'full',
      bg: 'accent.muted',
      color: 'accent.text',
      fontWeight: 'semibold',
      userSelect: 'none',
    },
    image: { width: 'full', height: 'full', objectFit: 'cover' },
    fallback: { textTransform: 'uppercase', lineHeight: '1' },
  },
  variants: {
    size: {
      sm: { root: { width: '7', height: '7', fontSize: '2xs' } },
      md: { root: { width: '9', height: '9', fontSize: 'xs' } },
      lg: { root: { width: '12', height: '12', fontSize: 'sm' } },
    },
  },
  defaultVariants: { size: 'md' },
});

export const toast = defineSlotRecipe({
  className: 'toast',
  jsx: ['Toast'],
  slots: ['group', 'root', 'icon', 'title', 'description', 'actionTrigger', 'closeTrigger'],
  base: {
    group: { zIndex: 'toast' },
    root: {
      // Placement and stacking come from Ark's CSS variables.
      translate: 'var(--x) var(--y)',
      scale: 'var(--scale)',
      zIndex: 'var(--z-index)',
      height: 'var(--height)',
      opacity: 'var(--opacity)',
      willChange: 'translate, opacity, scale',
      transitionProperty: 'translate, scale, opacity, height',
      transitionDuration: '300ms',
      transitionTimingFunction: 'default',
      display: 'grid',
      gridTemplateColumns: 'auto 1fr auto',
      alignItems: 'start',
      columnGap: '3',
      width: 'min(380px, calc(100vw - 2rem))',
      p: '4',
      pr: '3',
      bg: 'bg.surface',
      color: 'fg.default',
      borderWidth: '1px',
      borderColor: 'border.default',
      borderRadius: 'md',
      boxShadow: 'lg',
      '&[data-type=success] [data-toast-icon]': { color: 'success.text' },
      '&[data-type=error] [data-toast-icon]': { color: 'danger.text' },
      '&[data-type=info] [data-toast-icon]': { color: 'accent.text' },
      '&[data-type=warning] [data-toast-icon]': { color: 'warning.text' },
    },
    icon: { display: 'inline-flex', pt: '0.5', '& svg': { width: '4.5', height: '4.5' } },
    title: { fontSize: 'sm', fontWeight: 'semibold', lineHeight: '1.4' },
    description: { fontSize: 'sm', color: 'fg.muted', lineHeight: '1.45' },
    actionTrigger: {
      mt: '2',
      fontSize: 'sm',
      fontWeight: 'semibold',
      color: 'accent.text',
      cursor: 'pointer',
      _hover: { textDecoration: 'underline' },
    },
    closeTrigger: {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      width: '7',
      height: '7',
      mt: '-1',
      borderRadius: 'sm',
      color: 'fg.muted',
      cursor: 'pointer',
      _hover: { bg: 'bg.subtle', color: 'fg.default' },
      '& svg': { width: '4', height: '4' },
    },
  },
});

export const card = defineSlotRecipe({
  className: 'card',
  jsx: ['Card'],
  slots: ['root', 'header', 'title', 'description', 'body', 'footer'],
  base: {
    root: {
      display: 'flex',
      flexDirection: 'column',
      bg: 'bg.surface',
      color: 'fg.default',
      borderWidth: '1px',
      borderColor: 'border.default',
      borderRadius: 'md',
      boxShadow: 'xs',
      overflow: 'hidden',
    },
    header: { display: 'flex', flexDirection: 'column', gap: '1', px: '5', pt: '5' },
    title: { fontSize: 'md', fontWeight: 'semibold' },
    description: { fontSize: 'sm', color: 'fg.muted' },
    body: { display: 'flex', flexDirection: 'column', gap: '3', px: '5', py: '4', fontSize: 'base' },
    footer: { display: 'flex', justifyContent: 'flex-end', gap: '3', px: '5', pb: '5' },
  },
  variants: {
    interactive: {
      true: {
        root: {
          transition: 'box-shadow {durations.fast}, border-color {durations.fast}',
          _hover: { boxShadow: 'md', borderColor: 'border.strong' },
        },
      },
    },
  },
});
