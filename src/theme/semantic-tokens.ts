import { defineSemanticTokens } from '@pandacss/dev';

/**
 * Semantic tokens with light (base) and dark values. Text pairs are chosen for WCAG AA
 * (≥ 4.5:1); tests/components/ui-theme-contrast.test.tsx checks the important pairs.
 */
export const semanticTokens = defineSemanticTokens({
  colors: {
    bg: {
      canvas: { value: { base: '{colors.neutral.50}', _dark: '{colors.neutral.950}' } },
      surface: { value: { base: '{colors.neutral.0}', _dark: '{colors.neutral.900}' } },
      subtle: { value: { base: '{colors.neutral.100}', _dark: '{colors.neutral.850}' } },
      muted: { value: { base: '{colors.neutral.200}', _dark: '{colors.neutral.800}' } },
      emphasized: { value: { base: '{colors.neutral.800}', _dark: '{colors.neutral.100}' } },
      overlay: { value: { base: 'rgba(15, 17, 22, 0.48)', _dark: 'rgba(0, 0, 0, 0.64)' } },
      inverted: { value: { base: '{colors.neutral.900}', _dark: '{colors.neutral.100}' } },
    },
    fg: {
      default: { value: { base: '{colors.neutral.900}', _dark: '{colors.neutral.100}' } },
      muted: { value: { base: '{colors.neutral.600}', _dark: '{colors.neutral.400}' } },
      subtle: { value: { base: '{colors.neutral.500}', _dark: '{colors.neutral.400}' } },
      inverted: { value: { base: '{colors.neutral.0}', _dark: '{colors.neutral.950}' } },
      disabled: { value: { base: '{colors.neutral.400}', _dark: '{colors.neutral.600}' } },
    },
    border: {
      default: { value: { base: '{colors.neutral.200}', _dark: '{colors.neutral.800}' } },
      strong: { value: { base: '{colors.neutral.300}', _dark: '{colors.neutral.700}' } },
      /** Form controls: ≥ 3:1 against the surface (WCAG 1.4.11). */
      control: { value: { base: '{colors.neutral.500}', _dark: '{colors.neutral.500}' } },
    },
    accent: {
      default: { value: { base: '{colors.brand.600}', _dark: '{colors.brand.600}' } },
      emphasized: { value: { base: '{colors.brand.700}', _dark: '{colors.brand.700}' } },
      fg: { value: { base: '{colors.neutral.0}', _dark: '{colors.neutral.0}' } },
      /** Accent-coloured text and links on canvas/surface. */
      text: { value: { base: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
      subtle: { value: { base: '{colors.brand.50}', _dark: '{colors.brand.950}' } },
      muted: { value: { base: '{colors.brand.100}', _dark: '#2d1a5c' } },
      focusRing: { value: { base: '{colors.brand.500}', _dark: '{colors.brand.400}' } },
    },
    success: {
      default: { value: { base: '{colors.success.600}', _dark: '{colors.success.600}' } },
      fg: { value: { base: '{colors.neutral.0}', _dark: '{colors.neutral.0}' } },
      text: { value: { base: '{colors.success.700}', _dark: '{colors.success.300}' } },
      subtle: { value: { base: '{colors.success.50}', _dark: '{colors.success.900}' } },
    },
    warning: {
      default: { value: { base: '{colors.warning.600}', _dark: '{colors.warning.600}' } },
      fg: { value: { base: '{colors.neutral.0}', _dark: '{colors.neutral.0}' } },
      text: { value: { base: '{colors.warning.700}', _dark: '{colors.warning.300}' } },
      subtle: { value: { base: '{colors.warning.50}', _dark: '{colors.warning.900}' } },
    },
    danger: {
      default: { value: { base: '{colors.danger.600}', _dark: '{colors.danger.600}' } },
      emphasized: { value: { base: '{colors.danger.700}', _dark: '{colors.danger.700}' } },
      fg: { value: { base: '{colors.neutral.0}', _dark: '{colors.neutral.0}' } },
      text: { value: { base: '{colors.danger.700}', _dark: '{colors.danger.300}' } },
      subtle: { value: { base: '{colors.danger.50}', _dark: '{colors.danger.900}' } },
    },
  },
  shadows: {
    focusRing: { value: '0 0 0 2px {colors.bg.surface}, 0 0 0 4px {colors.accent.focusRing}' },
  },
});
