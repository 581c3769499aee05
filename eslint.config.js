// @ts-check
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Dependency direction (docs/architecture.md): shared imports nothing of ours; renderer, server, agent,
 * main and preload never import one another (main may import agent); in the renderer no
 * feature imports another feature, each server resource's endpoints live in one api/ module
 * that features, components and app/ import (api/ itself imports only shared and lib/), lib/
 * and components/ sit below the features and never import them (app/ composes the features
 * into screens); on the server routes → services → repositories, and
 * only repositories (and migrations) use Kysely at run time; the server's kernel never imports
 * its shell (`files` below, `serverPolicies`).
 */
const elements = [
  { type: 'shared', pattern: 'src/shared/**', partialMatch: false },
  { type: 'server-routes', pattern: 'src/server/routes/**', partialMatch: false },
  { type: 'server-services', pattern: 'src/server/services/**', partialMatch: false },
  { type: 'server-repositories', pattern: 'src/server/db/**', partialMatch: false },
  { type: 'server', pattern: 'src/server/**', partialMatch: false },
  { type: 'renderer-feature', pattern: 'src/renderer/src/features/*/**', partialMatch: false, capture: ['feature'] },
  { type: 'renderer-test', pattern: 'src/renderer/src/test/**', partialMatch: false },
  { type: 'renderer-api', pattern: 'src/renderer/src/api/**', partialMatch: false },
  { type: 'renderer-lib', pattern: 'src/renderer/src/lib/**', partialMatch: false },
  { type: 'renderer-components', pattern: 'src/renderer/src/components/**', partialMatch: false },
  { type: 'renderer', pattern: 'src/renderer/**', partialMatch: false },
  { type: 'agent', pattern: 'src/agent/**', partialMatch: false },
  { type: 'main', pattern: 'src/main/**', partialMatch: false },
  { type: 'preload', pattern: 'src/preload/**', partialMatch: false },
];

/**
 * The server's shell speaks HTTP and WebSocket: routes, plugins, realtime (the agents' sockets and
 * the browsers' event stream), app.ts and server.ts. Everything else under src/server is its
 * kernel: services, db, security, bus, jobs, mail, payments, context and config. app.ts and
 * server.ts are single files beside the kernel's context.ts, so these are file categories rather
 * than elements.
 */
const files = [
  {
    category: 'server-shell',
    pattern: ['src/server/routes/**', 'src/server/plugins/**', 'src/server/app.ts', 'src/server/server.ts', 'src/server/realtime/**'],
    stopMatching: true,
  },
  { category: 'server-kernel', pattern: 'src/server/**' },
];

const allow = (from, to) => ({ from: { element: { type: from } }, allow: { to: { element: { types: { anyOf: to } } } } });

/** Named exports only: a thing has the same name at every import, and search finds them all. */
const NO_DEFAULT_EXPORT = { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' };

/**
 * An installation's states are decided in src/shared/installation-states.ts: code asks its
 * helpers (isOpenItem, OPEN_TARGET_STATUSES…) rather than comparing a status to a word, so a new
 * state cannot be silently taken as final, or never cancelled, by a check that did not know it.
 */
const INSTALLATION_STATE_WORD = '/^(queued|installing|succeeded|failed|skipped|cancelled|waiting|running|done|expired)$/';
const STATE_MESSAGE = 'Ask src/shared/installation-states.ts (isOpenItem, OPEN_TARGET_STATUSES…) instead of comparing a status to a word.';
const NO_INSTALLATION_STATE_LITERALS = [
  `BinaryExpression[operator=/^[!=]==$/][left.property.name=/[sS]tatus$/][right.value=${INSTALLATION_STATE_WORD}]`,
  `BinaryExpression[operator=/^[!=]==$/][left.name=/[sS]tatus$/][right.value=${INSTALLATION_STATE_WORD}]`,
  // ['queued', 'installing'].includes(status)
  `CallExpression > MemberExpression > ArrayExpression > Literal[value=${INSTALLATION_STATE_WORD}]`,
  // moveItem(…, ['queued']), .where('status', 'in', ['waiting', 'running'])
  `CallExpression:not([callee.property.name='enum']) > ArrayExpression > Literal[value=${INSTALLATION_STATE_WORD}]`,
].map((selector) => ({ selector, message: STATE_MESSAGE }));

const serverPolicies = [
  allow('server', ['shared', 'server', 'server-routes', 'server-services', 'server-repositories']),
  allow('server-routes', ['shared', 'server', 'server-routes', 'server-services']),
  allow('server-services', ['shared', 'server', 'server-services', 'server-repositories']),
  allow('server-repositories', ['shared', 'server-repositories']),
  {
    // The kernel never imports the shell: the rules stay callable without a request.
    from: { file: { categories: 'server-kernel' } },
    disallow: { to: { file: { categories: 'server-shell' } } },
  },
];

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'release/**', 'data/**', 'node_modules/**', 'coverage/**', 'tests/server/generated/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      'no-restricted-syntax': ['error', NO_DEFAULT_EXPORT],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': elements,
      'boundaries/files': files,
      'boundaries/include': ['src/**/*'],
      'import/resolver': { typescript: { project: './tsconfig.json' }, node: true },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            allow('shared', ['shared']),
            allow('renderer', [
              'shared',
              'renderer',
              'renderer-api',
              'renderer-lib',
              'renderer-components',
              'renderer-feature',
              'renderer-test',
            ]),
            allow('renderer-test', [
              'shared',
              'renderer',
              'renderer-api',
              'renderer-lib',
              'renderer-components',
              'renderer-feature',
              'renderer-test',
            ]),
            allow('renderer-api', ['shared', 'renderer-lib']),
            allow('renderer-lib', ['shared', 'renderer-lib', 'renderer-test']),
            allow('renderer-components', ['shared', 'renderer-api', 'renderer-lib', 'renderer-components', 'renderer-test']),
            allow('renderer-feature', ['shared', 'renderer', 'renderer-api', 'renderer-lib', 'renderer-components', 'renderer-test']),
            {
              from: { element: { type: 'renderer-feature' } },
              allow: { to: { element: { type: 'renderer-feature', captured: { feature: '{{ from.element.captured.feature }}' } } } },
            },
            allow('agent', ['shared', 'agent']),
            allow('main', ['shared', 'main', 'agent']),
            allow('preload', ['shared', 'preload']),
          ],
        },
      ],
    },
  },
  {
    // The server's policies, checked also between files of one element (src/server/app.ts and
    // src/server/context.ts are both `server`): that is where the shell and the kernel meet.
    files: ['src/server/**/*.ts'],
    rules: {
      'boundaries/dependencies': [
        'error',
        { default: 'disallow', checkInternals: true, policies: [allow('shared', ['shared']), ...serverPolicies] },
      ],
    },
  },
  {
    files: ['src/server/services/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'fastify',
              message: 'Services import no Fastify: they take plain values, so a route, the scheduler and a test call them alike.',
              allowTypeImports: false,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/db/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [{ name: 'kysely', message: 'Only repositories touch Kysely; call a repository.', allowTypeImports: true }] },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    // Migrations are history; payments (the provider's intents), mail delivery and machine searches
    // have statuses of their own that share some of the words.
    ignores: [
      'src/shared/installation-states.ts',
      'src/server/db/migrations/**',
      '**/*.test.{ts,tsx}',
      'src/server/payments/**',
      'src/server/**/payment*.ts',
      'src/renderer/src/features/subscription/**',
      'src/server/db/repositories/notifications.repository.ts',
      'src/renderer/src/components/search-machine-modal.tsx',
    ],
    rules: { 'no-restricted-syntax': ['error', NO_DEFAULT_EXPORT, ...NO_INSTALLATION_STATE_LITERALS] },
  },
  {
    // A domain's endpoints live in src/renderer/src/api/; lib/ keeps only the one createApi and the HTTP client.
    files: ['src/renderer/src/lib/*-api.ts'],
    ignores: ['src/renderer/src/lib/base-api.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        NO_DEFAULT_EXPORT,
        ...NO_INSTALLATION_STATE_LITERALS,
        {
          selector: 'Program',
          message: "A domain's API belongs in src/renderer/src/api/, one module per server resource (docs/patterns.md).",
        },
      ],
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-redux',
              importNames: ['useSelector'],
              message: 'Use useTransitionSelector (lib/transition-selector.ts): useSelector renders every store change synchronously.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // Tools need default exports from their config files.
    files: ['*.config.{ts,js,mjs,cjs}', 'tests/fixtures/summary-reporter.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['tests/**/*.ts', '**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // The server projects share a worker's modules between files (isolate: false): a mock or an
    // environment change there would leak into the files after it.
    files: ['tests/server/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock', 'stubEnv', 'stubGlobal', 'useFakeTimers'].map((property) => ({
          object: 'vi',
          property,
          message: 'Server test files share their worker (isolate: false): pass what differs to createTestApp() instead.',
        })),
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "AssignmentExpression > MemberExpression.left[object.object.name='process'][object.property.name='env']",
          message: 'Server test files share their worker (isolate: false): pass what differs to createTestApp({ env }) instead.',
        },
      ],
    },
  },
);
