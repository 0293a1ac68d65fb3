import { defineGlobalStyles, defineKeyframes } from '@pandacss/dev';

export const globalCss = defineGlobalStyles({
  html: {
    colorScheme: 'light',
    fontFamily: 'body',
    fontSize: '100%',
    WebkitFontSmoothing: 'antialiased',
    MozOsxFontSmoothing: 'grayscale',
    textRendering: 'optimizeLegibility',
    '&.dark, &[data-theme=dark]': { colorScheme: 'dark' },
  },
  body: {
    bg: 'bg.canvas',
    color: 'fg.default',
    fontSize: 'base',
    lineHeight: '1.5',
    minHeight: '100dvh',
  },
  '*, *::before, *::after': { borderColor: 'border.default' },
  // Global focus-visible ring: every focusable element shows one for keyboard users.
  ':where(a, button, input, select, textarea, summary, [tabindex], [role=button], [role=menuitem], [role=tab], [role=option], [role=switch], [role=checkbox]):focus-visible, [data-focus-visible]':
    {
      outline: '2px solid',
      outlineColor: 'accent.focusRing',
      outlineOffset: '2px',
    },
  '::selection': { bg: 'accent.muted', color: 'fg.default' },
  a: { color: 'inherit' },
  '@media (prefers-reduced-motion: reduce)': {
    '*, *::before, *::after': {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
      scrollBehavior: 'auto !important',
    },
  },
});

export const keyframes = defineKeyframes({
  'fade-in': { from: { opacity: 0 }, to: { opacity: 1 } },
  'fade-out': { from: { opacity: 1 }, to: { opacity: 0 } },
  'pop-in': { from: { opacity: 0, transform: 'scale(0.97) translateY(-2px)' }, to: { opacity: 1, transform: 'scale(1) translateY(0)' } },
  'pop-out': { from: { opacity: 1, transform: 'scale(1)' }, to: { opacity: 0, transform: 'scale(0.97)' } },
  'dialog-in': { from: { opacity: 0, transform: 'translateY(8px) scale(0.98)' }, to: { opacity: 1, transform: 'translateY(0) scale(1)' } },
  'dialog-out': { from: { opacity: 1, transform: 'scale(1)' }, to: { opacity: 0, transform: 'scale(0.98)' } },
  'drawer-in': { from: { transform: 'translateX(-100%)' }, to: { transform: 'translateX(0)' } },
  spin: { to: { transform: 'rotate(360deg)' } },
});
