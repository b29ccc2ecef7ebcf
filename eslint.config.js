import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  // Type-aware rules: floating promises, unsafe `any` flows, awaiting non-promises, misused promises.
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.config.ts', 'packages/web/*.config.ts', 'packages/web/precompress.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // Fastify plugins, hooks and interface implementations are async by contract even when they await nothing.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Plain JavaScript and the build tools' config files are not type-checked.
    files: ['**/*.{js,mjs,cjs}', '**/*.config.ts'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Tests read JSON replies, which are `any` by nature (light-my-request, fetch); the unsafe-any rules would only
    // add casts there. Every other type-aware rule applies to tests too.
    files: ['packages/server/test/**/*.ts', 'packages/server/bench/**/*.ts', 'e2e/**/*.ts', '**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['packages/server/**/*.ts', 'scripts/**/*.mjs', 'e2e/**/*.{ts,mjs}', '*.config.{js,ts}', '*.cjs'],
    languageOptions: { globals: globals.node },
  },
  {
    // Benchmarks and the AI evaluation report on the console.
    files: ['packages/server/bench/**/*.ts', 'packages/server/eval/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    // The server reads the environment only through its config module.
    files: ['packages/server/src/**/*.ts'],
    ignores: ['packages/server/src/config.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through config.ts.' },
        // Query modules name their columns: `selectAll()` would also load secrets (password and token hashes).
        { property: 'selectAll', message: 'Name the columns a query needs.' },
      ],
    },
  },
  {
    // Data access: SQL is written only in query modules (`*.queries.ts`) and the database layer. Services and
    // routes call query functions, which take the tenant id explicitly, and never build statements themselves.
    files: ['packages/server/src/**/*.ts'],
    ignores: ['packages/server/src/**/*.queries.ts', 'packages/server/src/db/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'kysely', importNames: ['sql'], message: 'Write SQL in a *.queries.ts module.' }] },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression > MemberExpression.callee[property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|selectNoFrom)$/]',
          message: 'Write SQL in a *.queries.ts module.',
        },
        {
          selector: 'TSAsExpression > TSTypeReference[typeName.name=/Actor$/]',
          message: 'Narrow the caller with a checked helper from http/actor.ts (staffOf, clientOf, …), never a cast.',
        },
      ],
    },
  },
  {
    // Layers: the contracts know nothing of the server or the web; the web never imports server code.
    files: ['packages/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['@proxima/server*', '@proxima/web*', '../../server/*', '../../web/*'] },
      ],
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: ['@proxima/server*', '**/server/src/*'] }],
    },
  },
)
