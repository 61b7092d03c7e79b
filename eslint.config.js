import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import { importBoundaries } from './tools/eslint/import-boundaries.js';

const nodeBuiltins =
  '^(node:|(fs|path|http|https|http2|net|tls|dns|child_process|os|crypto|url|util|stream|zlib|events|buffer|' +
  'worker_threads|readline|assert|timers|process|perf_hooks)(/|$))';

// The house rules (docs/design.md "House rules") as import boundaries; each message says which rule
// is broken.

const boundaries = [
  { from: '^packages/', to: '^@saldopilot/(api|web)$', message: 'packages never import the apps.' },
  {
    from: '^packages/shared/',
    to: '^@saldopilot/forecast$',
    message: 'shared imports nothing of ours (forecast -> shared, not back).',
  },
  { from: '^packages/', to: nodeBuiltins, message: 'shared and forecast do no I/O: no Node built-ins.' },
  { from: '^apps/web/', to: '^@saldopilot/(api|forecast)$', message: 'web imports only shared (web -> shared).' },
  { from: '^apps/web/src/', to: nodeBuiltins, message: 'the browser app has no Node built-ins.' },
  { from: '^apps/api/', to: '^@saldopilot/web$', message: 'apps never import each other.' },
  {
    from: '^apps/api/src/modules/.*\\.routes\\.ts$',
    to: '^(drizzle-orm|apps/api/src/db/)',
    message: 'routes hold no SQL: go through the service and repository.',
  },
  {
    from: '^apps/api/src/modules/.*\\.routes\\.ts$',
    to: '\\.repository(\\.[jt]s)?$',
    message: 'routes call services, never repositories.',
  },
  { from: '^apps/api/src/.*\\.repository\\.ts$', to: '^fastify', message: 'repositories know no HTTP.' },
  {
    from: '^apps/api/src/(?!.*\\.(routes|test)\\.ts$)(modules|lib|db)/',
    to: '^apps/api/src/plugins/',
    message:
      'services, repositories, lib/ and db/ never import plugins/ (HTTP sits above them): errors come from ' +
      'lib/app-error.ts, answers are written and compressed by the route or a plugin.',
  },
  {
    from: '^apps/api/src/(db|lib)/',
    to: '^apps/api/src/(modules|demo|jobs)/',
    message: 'db/ and lib/ sit below the modules: work across modules lives above them, in jobs/ or demo/.',
  },
  {
    from: '^apps/api/src/modules/',
    to: '^apps/api/src/(demo|jobs)/',
    message: 'modules never import the jobs or the demo data above them.',
  },
  {
    from: '^apps/api/src/plugins/(?!.*\\.test\\.ts$)',
    to: '^apps/api/src/(modules|hooks)/',
    message:
      'plugins/ is HTTP machinery below the modules: it imports no module and no hook (hooks/ sits above ' +
      'the modules; request-context.ts gives routes the session and tenant).',
  },
  {
    from: '^apps/api/src/(?!hooks/|app(-deps)?\\.ts$|test/|.*\\.test\\.ts$)',
    to: '^apps/api/src/hooks/',
    message: 'hooks/ sits above the modules: only app.ts registers them (and app-deps.ts names their types).',
  },
  {
    from: '^apps/api/src/modules/([^/]+)/(?!.*\\.test\\.ts$)',
    to: '^apps/api/src/modules/[^/]+/.*\\.repository(\\.[jt]s)?$',
    except: '^apps/api/src/modules/$1/',
    message: "a module calls another module's service, never its repository.",
  },
  {
    from: '^apps/web/src/features/([^/]+)/',
    to: '^apps/web/src/features/',
    except: '^apps/web/src/features/$1(/|$)',
    message: 'features never import each other; the route table composes them.',
  },
  {
    from: '^apps/web/src/(features|components|lib|config)/',
    to: '^apps/web/src/app/',
    message: 'app/ composes the features and components: they never import it (routes live in config/).',
  },
  {
    from: '^apps/web/src/(?!features/[^/]+/api/|reference-data/|lib/)',
    to: '^apps/web/src/lib/api-client',
    message: 'only features/*/api files (and reference-data) call the API client.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-types/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      '.e2e-data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { local: { rules: { 'import-boundaries': importBoundaries } } },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'local/import-boundaries': ['error', boundaries],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // "today" is a parameter there: reading the clock would make results depend on when they run.
    files: ['packages/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'shared and forecast never read the clock; take today as a parameter.',
        },
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'shared and forecast never read the clock; take today as a parameter.',
        },
      ],
    },
  },
  {
    // Every date rule of the server reads the one clock (deps.clock), which FIXED_TODAY and tests pin.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/api/src/test/**', 'apps/api/src/lib/clock.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'the server reads the time from its clock (deps.clock), never from Date.now().',
        },
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'the server reads the time from its clock (deps.clock), never from new Date().',
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.configs.recommended.rules },
  },
);
