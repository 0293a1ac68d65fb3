import { defineConfig } from '@pandacss/dev';
import { tokens } from './src/theme/tokens';
import { semanticTokens } from './src/theme/semantic-tokens';
import { globalCss, keyframes } from './src/theme/global-css';
import { badge, button, spinner } from './src/theme/recipes';
import {
  avatar,
  card,
  checkbox,
  dialog,
  field,
  menu,
  progress,
  select,
  switchRecipe,
  tabs,
  toast,
  tooltip,
} from './src/theme/slot-recipes';

export default defineConfig({
  preflight: true,
  jsxFramework: 'react',
  // Style props on JSX are not used (styles go through css() and recipes), so only the `css` prop is
  // recognised: Panda then ships a tiny prop filter instead of the list of every CSS property (≈5 KB gzip
  // on the first route, tests/bench/bundle-size.spec.ts).
  jsxStyleProps: 'minimal',
  include: ['./src/**/*.{ts,tsx}'],
  exclude: [],
  outdir: 'styled-system',
  // Light is the default; dark applies under `.dark` or `[data-theme=dark]` on an ancestor
  // (src/ui/color-mode.ts sets both on <html>).
  conditions: {
    extend: {
      dark: '.dark &, [data-theme=dark] &',
      light: '.light &, [data-theme=light] &',
    },
  },
  globalCss,
  theme: {
    extend: {
      tokens,
      semanticTokens,
      keyframes,
      recipes: { button, badge, spinner },
      slotRecipes: {
        dialog,
        menu,
        tooltip,
        tabs,
        field,
        select,
        checkbox,
        switchRecipe,
        progress,
        avatar,
        toast,
        card,
      },
    },
  },
  // A small design system: emit every variant so pages may pick any of them at runtime.
  staticCss: { recipes: '*' },
});
