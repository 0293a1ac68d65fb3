import { describe, expect, it } from 'vitest';
import { semanticTokens } from '@/theme/semantic-tokens';
import { tokens } from '@/theme/tokens';

// WCAG AA checks on the semantic colour pairs the UI uses for text (≥ 4.5:1) and controls (≥ 3:1),
// in light and dark. The axe scan in e2e covers rendered pages; this guards the palette itself.

type Tree = Record<string, unknown>;

function lookup(tree: Tree, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Tree | undefined)?.[key], tree);
}

function resolve(ref: string, mode: 'base' | '_dark'): string {
  const match = /^\{colors\.(.+)\}$/.exec(ref);
  if (!match) return ref;
  const path = match[1];
  const core = lookup(tokens.colors as Tree, path) as { value: string } | undefined;
  if (core?.value) return resolve(core.value, mode);
  const semantic = lookup(semanticTokens.colors as Tree, path) as { value: Record<string, string> } | undefined;
  if (semantic?.value) return resolve(semantic.value[mode], mode);
  throw new Error(`unknown token ${ref}`);
}

function color(name: string, mode: 'base' | '_dark'): string {
  return resolve(`{colors.${name}}`, mode);
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) =>
    v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

const textPairs: Array<[string, string]> = [
  ['fg.default', 'bg.canvas'],
  ['fg.default', 'bg.surface'],
  ['fg.default', 'bg.subtle'],
  ['fg.muted', 'bg.canvas'],
  ['fg.muted', 'bg.surface'],
  ['fg.muted', 'bg.subtle'],
  ['fg.subtle', 'bg.canvas'],
  ['fg.subtle', 'bg.surface'],
  ['accent.fg', 'accent.default'],
  ['accent.fg', 'accent.emphasized'],
  ['accent.text', 'bg.surface'],
  ['accent.text', 'bg.canvas'],
  ['accent.text', 'accent.subtle'],
  ['accent.text', 'accent.muted'],
  ['danger.fg', 'danger.default'],
  ['danger.fg', 'danger.emphasized'],
  ['danger.text', 'bg.surface'],
  ['danger.text', 'danger.subtle'],
  ['success.fg', 'success.default'],
  ['success.text', 'success.subtle'],
  ['warning.text', 'warning.subtle'],
  ['fg.inverted', 'bg.inverted'],
];

describe.each(['base', '_dark'] as const)('palette contrast (%s)', (mode) => {
  it.each(textPairs)('%s on %s is at least 4.5:1', (fg, bg) => {
    expect(contrast(color(fg, mode), color(bg, mode))).toBeGreaterThanOrEqual(4.5);
  });

  it('form control borders are at least 3:1 against the surface', () => {
    expect(contrast(color('border.control', mode), color('bg.surface', mode))).toBeGreaterThanOrEqual(3);
  });
});
