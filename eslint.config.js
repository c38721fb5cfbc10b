import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const rootDir = fileURLToPath(new URL('.', import.meta.url));

/** Every folder under client/src/features, so a new feature is fenced in without editing this. */
function clientFeatures() {
  const dir = join(rootDir, 'client/src/features');
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'data',
      'server/src/db/migrations',
      'test-results',
      '.scratch*',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: [
      'server/**/*.ts',
      'common/**/*.ts',
      'e2e/**/*.ts',
      'bench/**/*.ts',
      'scripts/**/*.ts',
      '*.ts',
      '*.js',
    ],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  { files: ['client/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    files: ['client/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/server/**'] }],
    },
  },
  // Imports flow one way: no cycles anywhere (type-only imports included, as they still tie
  // modules together).
  {
    files: ['**/*.{ts,tsx,js}'],
    plugins: { 'import-x': importX },
    settings: {
      // Dependencies are parsed as TypeScript, or a cycle through a .ts file goes unseen.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'client/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  // A client feature never reaches into another: pages and app compose features, and features
  // use only components, lib and common (as bulletproof-react's lint zones do).
  {
    files: ['client/src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: rootDir,
          zones: [
            ...clientFeatures().map((feature) => ({
              target: `./client/src/features/${feature}`,
              from: './client/src/features',
              except: [`./${feature}`],
              message: 'A feature must not import another feature; compose them in a page.',
            })),
            {
              target: ['./client/src/features', './client/src/components', './client/src/lib'],
              from: ['./client/src/app', './client/src/pages'],
              message: 'Features, components and lib must not import the app or pages.',
            },
            {
              target: ['./client/src/components', './client/src/lib'],
              from: './client/src/features',
              message: 'Shared code must not depend on a feature.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/client/**'] }],
    },
  },
);
