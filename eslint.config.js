// Lint rules for the console, the server, the tests and the scripts (`npm run lint`, run by CI).
// Formatting is Prettier's (`.prettierrc.json`, `npm run format`); these rules are about correctness.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// A rule turned off in place says why after `--` (`// eslint-disable-next-line … -- why`): an `any`
// outside the migrations, or any other exception, is a decision its reader can follow.
const disableSaysWhy = {
  meta: { type: 'suggestion', schema: [], messages: { why: 'Say why after "--": // eslint-disable… <rule> -- <why>' } },
  create(context) {
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          if (/^\s*eslint-disable(?:-next-line|-line)?(?:\s|$)/.test(comment.value) && !/\s--\s*\S/.test(comment.value)) {
            context.report({ loc: comment.loc, messageId: 'why' });
          }
        }
      },
    };
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'coverage/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { local: { rules: { 'disable-says-why': disableSaysWhy } } },
    rules: {
      'local/disable-says-why': 'error',
      // Unused names are mistakes, except those prefixed with _ (kept for a signature's shape).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // The console's components and hooks (the tests' `use…` helpers are not React hooks).
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Migrations describe tables Kysely cannot type before they exist.
    files: ['server/schema/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
