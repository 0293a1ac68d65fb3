import { defineRecipe } from '@pandacss/dev';

/** Single-element recipes. Every variant is emitted (staticCss in panda.config.ts). */

export const button = defineRecipe({
  className: 'button',
  jsx: ['Button'],
  base: {
    position: 'relative',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    flexShrink: 0,
    fontFamily: 'body',
    fontWeight: 'semibold',
    lineHeight: '1',
    whiteSpace: 'nowrap',
    borderRadius: 'md',
    borderWidth: '1px',
    borderColor: 'transparent',
    cursor: 'pointer',
    userSelect: 'none',
    textDecoration: 'none',
    transitionProperty: 'background-color, border-color, color, box-shadow, transform',
    transitionDuration: 'fast',
    transitionTimingFunction: 'default',
    _active: { transform: 'translateY(0.5px)' },
    _disabled: { cursor: 'not-allowed', opacity: 0.55, _active: { transform: 'none' } },
    '&[aria-busy=true]': { cursor: 'progress' },
    '& svg': { width: '1.1em', height: '1.1em', flexShrink: 0 },
  },
  variants: {
    variant: {
      solid: {
        bg: 'accent.default',
        color: 'accent.fg',
        boxShadow: 'xs',
        _hover: { bg: 'accent.emphasized' },
        _disabled: { _hover: { bg: 'accent.default' } },
      },
      outline: {
        bg: 'bg.surface',
        color: 'fg.default',
        borderColor: 'border.strong',
        boxShadow: 'xs',
        _hover: { bg: 'bg.subtle', borderColor: 'border.control' },
        _disabled: { _hover: { bg: 'bg.surface', borderColor: 'border.strong' } },
      },
      ghost: {
        bg: 'transparent',
        color: 'fg.default',
        _hover: { bg: 'bg.subtle' },
        _active: { bg: 'bg.muted' },
        _disabled: { _hover: { bg: 'transparent' } },
      },
      danger: {
        bg: 'danger.default',
        color: 'danger.fg',
        boxShadow: 'xs',
        _hover: { bg: 'danger.emphasized' },
        _disabled: { _hover: { bg: 'danger.default' } },
      },
    },
    size: {
      sm: { h: '8', px: '3', fontSize: 'xs', borderRadius: 'sm' },
      md: { h: '10', px: '4', fontSize: 'sm' },
      lg: { h: '12', px: '5', fontSize: 'md' },
    },
    iconOnly: {
      true: { px: '0', aspectRatio: '1' },
    },
    fullWidth: {
      true: { width: 'full' },
    },
  },
  defaultVariants: { variant: 'solid', size: 'md' },
});

export const badge = defineRecipe({
  className: 'badge',
  jsx: ['Badge'],
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1',
    px: '1.5',
    h: '5',
    borderRadius: 'xs',
    fontSize: '2xs',
    fontWeight: 'bold',
    letterSpacing: '0.02em',
    lineHeight: '1',
    textTransform: 'uppercase',
    whiteSpace: 'nowrap',
    flexShrink: 0,
  },
  variants: {
    tone: {
      beta: { bg: 'accent.muted', color: 'accent.text' },
      pro: { bg: 'warning.subtle', color: 'warning.text' },
      new: { bg: 'success.subtle', color: 'success.text' },
      kit: { bg: 'bg.muted', color: 'fg.default' },
      neutral: { bg: 'bg.subtle', color: 'fg.muted', borderWidth: '1px', borderColor: 'border.default' },
      danger: { bg: 'danger.subtle', color: 'danger.text' },
    },
  },
  defaultVariants: { tone: 'neutral' },
});

export const spinner = defineRecipe({
  className: 'spinner',
  jsx: ['Spinner'],
  base: {
    display: 'inline-block',
    flexShrink: 0,
    borderRadius: 'full',
    borderStyle: 'solid',
    borderColor: 'currentColor',
    borderTopColor: 'transparent',
    borderRightColor: 'transparent',
    animation: 'spin 0.7s linear infinite',
    _motionReduce: { animationDuration: '1.6s' },
  },
  variants: {
    size: {
      xs: { width: '3', height: '3', borderWidth: '2px' },
      sm: { width: '4', height: '4', borderWidth: '2px' },
      md: { width: '6', height: '6', borderWidth: '2px' },
      lg: { width: '10', height: '10', borderWidth: '3px' },
    },
  },
  defaultVariants: { size: 'sm' },
});
