import { defineTokens } from '@pandacss/dev';

/**
 * Core tokens: a calm, professional palette. Brand is a violet leaning towards indigo; neutrals are
 * a cool slate. Components never use these directly — they use the semantic tokens
 * (semantic-tokens.ts), which carry the light and dark values.
 */
export const tokens = defineTokens({
  colors: {
    brand: {
      50: { value: '#f5f3ff' },
      100: { value: '#ede9fe' },
      200: { value: '#ddd6fe' },
      300: { value: '#c4b5fd' },
      400: { value: '#a78bfa' },
      500: { value: '#8b5cf6' },
      600: { value: '#6d3fe0' },
      700: { value: '#5b2fc4' },
      800: { value: '#4a269e' },
      900: { value: '#3b1f7a' },
      950: { value: '#221246' },
    },
    neutral: {
      0: { value: '#ffffff' },
      25: { value: '#fbfbfd' },
      50: { value: '#f6f7f9' },
      100: { value: '#eef0f4' },
      200: { value: '#e3e6ec' },
      300: { value: '#cdd2db' },
      400: { value: '#9aa2b1' },
      500: { value: '#626a7b' },
      600: { value: '#4f5666' },
      700: { value: '#3a404d' },
      800: { value: '#262a34' },
      850: { value: '#1d2029' },
      900: { value: '#16181f' },
      950: { value: '#0f1116' },
    },
    success: {
      50: { value: '#ecfdf3' },
      300: { value: '#6ee7a5' },
      600: { value: '#15803d' },
      700: { value: '#166534' },
      900: { value: '#0c2e1b' },
    },
    warning: {
      50: { value: '#fffbeb' },
      300: { value: '#fcd34d' },
      600: { value: '#b45309' },
      700: { value: '#92400e' },
      900: { value: '#3a2308' },
    },
    danger: {
      50: { value: '#fef2f2' },
      300: { value: '#fca5a5' },
      600: { value: '#d42a2a' },
      700: { value: '#b91c1c' },
      900: { value: '#3d1212' },
    },
  },
  fonts: {
    body: {
      value:
        'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"',
    },
    heading: { value: '{fonts.body}' },
    mono: { value: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace' },
  },
  fontSizes: {
    '2xs': { value: '0.6875rem' }, // 11px
    xs: { value: '0.75rem' }, // 12px
    sm: { value: '0.875rem' }, // 14px — controls
    base: { value: '0.9375rem' }, // 15px — body text
    md: { value: '1rem' },
    lg: { value: '1.125rem' },
    xl: { value: '1.25rem' },
    '2xl': { value: '1.5rem' },
    '3xl': { value: '1.875rem' },
  },
  radii: {
    xs: { value: '4px' },
    sm: { value: '6px' },
    md: { value: '8px' },
    lg: { value: '12px' },
    xl: { value: '16px' },
    full: { value: '9999px' },
  },
  shadows: {
    xs: { value: '0 1px 2px rgba(16, 18, 27, 0.06)' },
    sm: { value: '0 1px 3px rgba(16, 18, 27, 0.08), 0 1px 2px rgba(16, 18, 27, 0.04)' },
    md: { value: '0 4px 12px -2px rgba(16, 18, 27, 0.10), 0 2px 4px -2px rgba(16, 18, 27, 0.06)' },
    lg: { value: '0 12px 32px -8px rgba(16, 18, 27, 0.18), 0 4px 8px -4px rgba(16, 18, 27, 0.08)' },
    xl: { value: '0 24px 56px -12px rgba(16, 18, 27, 0.28)' },
  },
  sizes: {
    /** 01 §9: dialog width 560. */
    dialog: { value: '560px' },
    sidebar: { value: '272px' },
    header: { value: '60px' },
  },
  durations: {
    fast: { value: '120ms' },
    normal: { value: '200ms' },
    slow: { value: '320ms' },
  },
  easings: {
    default: { value: 'cubic-bezier(0.2, 0, 0, 1)' },
  },
  zIndex: {
    sticky: { value: 20 },
    drawer: { value: 40 },
    overlay: { value: 50 },
    modal: { value: 60 },
    popover: { value: 70 },
    toast: { value: 80 },
    tooltip: { value: 90 },
  },
});
