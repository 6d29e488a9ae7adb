// Lints APPSYNC_JS resolver sources with AWS's own rules (type-aware: recommended config).
import appsync from '@aws-appsync/eslint-plugin';
import tsParser from '@typescript-eslint/parser';

export default [
  {
    files: ['resolvers/**/*.ts'],
    ...appsync.configs.recommended,
    languageOptions: {
      parser: tsParser,
      parserOptions: { project: './tsconfig.json', tsconfigRootDir: import.meta.dirname },
    },
  },
];
