// Lint: TypeScript's recommended rules, React's hooks rules, no import cycles, and the import direction
// of ARCHITECTURE.md — app → features → state → actors → core → ui/platform → api → machines/contract —
// enforced as restricted zones, so a file that imports upwards (or a feature that imports another feature)
// fails `npm test`.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

/** Every layer, as a folder; a layer may import only the layers named in its `may` list (and itself). */
const layers = {
  app: { path: './src/app', may: ['features', 'state', 'actors', 'core', 'ui', 'theme', 'platform', 'api', 'machines', 'contract'] },
  features: { path: './src/features', may: ['state', 'actors', 'core', 'ui', 'theme', 'platform', 'api', 'machines', 'contract'] },
  state: { path: './src/state', may: ['actors', 'core', 'ui', 'platform', 'api', 'machines', 'contract'] },
  actors: { path: './src/actors', may: ['core', 'platform', 'api', 'machines', 'contract'] },
  core: { path: './src/core', may: ['platform', 'api', 'machines', 'contract'] },
  ui: { path: './src/ui', may: ['theme', 'platform', 'machines'] },
  theme: { path: './src/theme', may: [] },
  platform: { path: './src/platform', may: ['api', 'machines', 'contract'] },
  api: { path: './src/api', may: ['machines', 'contract'] },
  machines: { path: './machines', may: ['contract'] },
  contract: { path: './openapi/generated', may: [] },
  server: { path: './server', may: ['machines', 'contract'] },
};
const everything = [...Object.keys(layers), 'main'];
const pathOf = (name) => (name === 'main' ? './src/main.tsx' : layers[name].path);

const zones = [];
for (const [name, layer] of Object.entries(layers)) {
  const forbidden = everything.filter((other) => other !== name && !layer.may.includes(other));
  if (forbidden.length) {
    zones.push({
      target: layer.path,
      from: forbidden.map(pathOf),
      message: `the ${name} layer may import only: ${layer.may.join(', ') || 'nothing outside itself'} (ARCHITECTURE.md)`,
    });
  }
}
// Features do not import each other: what two features share moves down to core/, ui/ or state/.
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
for (const feature of features) {
  zones.push({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'a feature does not import another feature: move what both need to core/, ui/ or state/ (ARCHITECTURE.md)',
  });
}

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'dist-*/', 'styled-system/', 'openapi/generated/', '.data/', '.bench/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  importX.flatConfigs.typescript,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones }],
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  // Browser code and what runs in Node (server, scripts, configs, tests) see their own globals.
  { files: ['src/**', 'public/**'], languageOptions: { globals: globals.browser } },
  { files: ['server/**', 'scripts/**', 'tests/**', '*.{js,cjs,mjs,ts}'], languageOptions: { globals: globals.node } },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs' } },
  // Tests: helpers named use…() are Vitest fixtures, not React hooks; loose casts are how tests reach into results.
  {
    files: ['tests/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off', '@typescript-eslint/no-explicit-any': 'off' },
  },
);
