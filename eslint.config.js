import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import local from './eslint/commentFileRefs.js';

export default tseslint.config(
  { ignores: ['node_modules/', 'data/', 'dist/', 'web/dist/', 'coverage/', '.dependency-cruiser.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', Buffer: 'readonly', URL: 'readonly', fetch: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  { plugins: { local }, rules: { 'local/comment-file-refs': 'error' } },
);
