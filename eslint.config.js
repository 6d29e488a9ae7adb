// Lints every TypeScript folder. APPSYNC_JS resolver sources with AWS's own rules (type-aware: recommended config), and the layers:
// domain/ imports nothing from AWS, the apps or the other folders; amplify/ never imports resolvers/; only
// domain/entities/ spells the table's key and TTL attributes.
import appsync from '@aws-appsync/eslint-plugin';
import tsParser from '@typescript-eslint/parser';
import reactHooks from 'eslint-plugin-react-hooks';

/** What domain/ must not import: AWS, the apps, and any folder of the repository but its own. */
const outsideDomain = [
  '@aws-appsync/*',
  '@aws-sdk/*',
  '@aws-amplify/*',
  'aws-amplify*',
  'react*',
  '@pickem/*',
  'appsync-local*',
  '**/resolvers/**',
  '**/amplify/**',
  '**/app/**',
  '**/client/**',
  '**/packages/**',
];
const domainMessage = 'domain/ is plain TypeScript shared by every layer: it imports only its own modules, relatively.';

const KEY_ATTRIBUTE = '/^(PK|SK|GSI_PK|GSI_SK|expiresAt)$/';
const keyMessage =
  "Only domain/entities/ spells the table's key and TTL attributes: use TABLE, itemKey, keyOf or keyId from @pickem/domain/entities/table.";

export default [
  { ignores: ['**/node_modules/', '**/build/', '**/dist/', '.local/', '.amplify/', 'cdk.out/'] },
  {
    // domain/ is bundled into the resolvers, so it follows APPSYNC_JS too.
    files: ['resolvers/**/*.ts', 'domain/**/*.ts'],
    ...appsync.configs.recommended,
    languageOptions: {
      parser: tsParser,
      parserOptions: { project: './tsconfig.json', tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mts'],
    languageOptions: { parser: tsParser },
  },
  {
    // The apps and their shared hooks: React's rules of hooks (the classic two; the React Compiler's rules are not used here).
    files: ['app/src/**/*.{ts,tsx}', 'mobile/src/**/*.{ts,tsx}', 'client/react.ts', 'client/react/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  // A relative import may not leave domain/: one `../` does from its top level, two from a subfolder.
  ...[
    ['domain/*.ts', '^\\.\\./'],
    ['domain/*/**/*.ts', '^\\.\\./\\.\\./'],
  ].map(([files, leavesDomain]) => ({
    files: [files],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: outsideDomain, message: domainMessage },
            { regex: leavesDomain, message: domainMessage },
          ],
        },
      ],
    },
  })),
  {
    files: ['amplify/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/resolvers/**'],
              message: 'amplify/ shares code with the resolvers through @pickem/domain, never resolvers/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mts'],
    // The generic packages name a table's keys as their user declares them.
    ignores: ['domain/entities/**', 'packages/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: `Literal[value=${KEY_ATTRIBUTE}]`, message: keyMessage },
        {
          selector: `TemplateLiteral[expressions.length=0] > TemplateElement[value.cooked=${KEY_ATTRIBUTE}]`,
          message: keyMessage,
        },
        { selector: `Property > Identifier.key[name=${KEY_ATTRIBUTE}]`, message: keyMessage },
        { selector: `MemberExpression > Identifier.property[name=${KEY_ATTRIBUTE}]`, message: keyMessage },
        { selector: `TSPropertySignature > Identifier.key[name=${KEY_ATTRIBUTE}]`, message: keyMessage },
      ],
    },
  },
];
