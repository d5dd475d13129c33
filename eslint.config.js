// ESLint (flat config): recommended JS + typescript-eslint rules; formatting is Prettier's job.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import noFolderCycles from './eslint/no-folder-cycles.js';

/**
 * A layer rule: files matching `files` may not import from the named top folders (matched anywhere in
 * a relative import, so `../../db/x.ts` and `../services/y.ts` both count); `types` lets type-only
 * imports through.
 */
function layer(files, message, folders, types = false) {
  return [
    {
      files: [files],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                regex: `^(\\.{1,2}/)+(.*/)?(${folders.join('|')})(/|\\.ts$)`,
                message,
                ...(types ? { allowTypeImports: true } : {}),
              },
            ],
          },
        ],
      },
    },
  ];
}

const PURE_DRAFTING = 'core/drafting is pure: no I/O, environment or clock, nothing of core/ but contract/';

/**
 * core/drafting's rule for the files at one depth (`up` climbs from them to core/): the core/ layer's
 * own rule, and no way out to I/O: node's I/O modules, the network and database clients, the rest of
 * core/ (collectors, the API client) but its contract, `process` and `Date.now`.
 */
function draftingLayer(files, up) {
  return [
    {
      files: [files],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                regex: '^(\\.{1,2}/)+(.*/)?(server|app|action)(/|\\.ts$)',
                message: 'core/ is shared by the Action and the App: no server code',
              },
              { regex: `^${up}(?!contract/|drafting/|\\.\\./)`, message: PURE_DRAFTING },
              {
                regex:
                  '^(node:)?(fs|fs/promises|child_process|http|https|net|tls|dns|os|worker_threads)$|^(openai|postgres|pg-boss|@octokit/.*|@actions/.*)$',
                message: PURE_DRAFTING,
              },
            ],
          },
        ],
        'no-restricted-globals': ['error', { name: 'process', message: PURE_DRAFTING }],
        'no-restricted-properties': ['error', { object: 'Date', property: 'now', message: PURE_DRAFTING }],
      },
    },
  ];
}

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'coverage/',
      '.shiplog/',
      'action/dist/',
      'widget/dist/',
      'dashboard/dist/',
      'test-results/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    languageOptions: {
      globals: { ...globals.node },
      // Typed rules: a promise nobody awaits, or an async function where a callback's result is ignored,
      // loses its errors (an async http handler that threw outside its try once crashed the server).
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-control-regex': 'off',
    },
  },
  { files: ['widget/src/**/*.ts'], languageOptions: { globals: { ...globals.browser } } },
  {
    files: ['dashboard/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    // A page is its hooks (dashboard/src/api/) and small components: no component or hook past 80 lines.
    rules: { 'max-lines-per-function': ['error', { max: 80, IIFEs: true }] },
  },
  // Layers, kept by the linter (ARCHITECTURE: data flows one way, route → service → SQL).
  ...layer('server/db/**/*.ts', 'db/ is the bottom layer: it imports nothing above it', [
    'services',
    'plugins',
    'routes',
    'jobs',
    'queue',
    'channels',
    'cli',
  ]),
  // The queue (pg-boss, its settings, the payload types) sits just above db/: services enqueue through it,
  // and only jobs/ (the handlers) may call services back.
  ...layer('server/queue/**/*.ts', 'queue/ is below services: it stores jobs and never runs them', [
    'services',
    'plugins',
    'routes',
    'jobs',
    'channels',
    'cli',
    'admin',
  ]),
  // Errors sit below services (services throw them): the handler reads CORS policy from http/, never plugins.
  ...layer('server/errors/**/*.ts', 'errors/ is below services: it imports only core/, db/ and http/', [
    'services',
    'plugins',
    'routes',
    'jobs',
    'queue',
    'openapi',
    'channels',
    'cli',
    'admin',
  ]),
  ...layer('server/services/**/*.ts', 'services never import plugins, routes, job handlers or the CLI', [
    'plugins',
    'routes',
    'jobs',
    'admin',
    'cli',
  ]),
  ...layer('server/routes/**/*.ts', 'routes call services, never db/ (types excepted)', ['db'], true),
  // SQL lives in db/ only (docs/architecture.md): a query is a tagged template on the connection or a
  // transaction, and anywhere else in the server it is an error; call a db/ module instead.
  {
    files: ['server/**/*.ts'],
    ignores: ['server/db/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          'TaggedTemplateExpression[tag.name=/^(sql|tx)$/]',
          "TaggedTemplateExpression[tag.property.name='sql']",
        ].map((selector) => ({ selector, message: 'SQL lives in db/ only: call a db/ module' })),
      ],
    },
  },
  ...layer('server/channels/**/*.ts', 'channel modules are below services', [
    'services',
    'plugins',
    'routes',
  ]),
  ...layer('core/**/*.ts', 'core/ is shared by the Action and the App: no server code', [
    'server',
    'app',
    'action',
  ]),
  // The drafting library is pure (docs/architecture.md): the server, the Action without a server, the
  // evaluation and the benches run it alike, so it reads no environment, clock or network, and
  // imports nothing of core/ but the contract's schemas.
  ...draftingLayer('core/drafting/*.ts', '\\.\\./'),
  ...draftingLayer('core/drafting/*/**/*.ts', '\\.\\./\\.\\./'),
  // core/portable/ is the code the dashboard may run (docs/architecture.md "What the dashboard takes
  // from core/"): browser-safe, so no Node built-ins or globals, no packages, only types from the rest.
  {
    files: ['core/portable/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\.{1,2}/)',
              message: 'core/portable/ runs in the browser: no Node built-ins and no packages',
            },
            {
              regex: '^(\\.{1,2}/)+(.*/)?(server|app|action)(/|\\.ts$)',
              message: 'core/ is shared by the Action and the App: no server code',
            },
            {
              regex: '^\\.\\./',
              message: 'core/portable/ runs in the browser: only types from the rest of core/',
              allowTypeImports: true,
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...['Buffer', 'process', 'require', '__dirname', '__filename'].map((name) => ({
          name,
          message: 'core/portable/ runs in the browser: standard JavaScript only',
        })),
      ],
    },
  },
  ...layer('app/**/*.ts', 'the App reaches Shiplog through core/ (its API), never server/', [
    'server',
    'action',
  ]),
  // The widget is a browser bundle: types from core/, runtime code only from core/portable/ (browser-safe,
  // kept so by its own rule above), as the dashboard.
  {
    files: ['widget/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.{1,2}/)+(.*/)?core/(?!portable/|contract/locale-pattern\\.ts$)',
              message:
                "the widget bundle takes types only from core/, and code from core/portable/ and the contract's locale rule",
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  // The dashboard is a browser bundle and an API client: types from core/contract, runtime code only
  // from core/portable/ (browser-safe, kept so by its own rule above), nothing else of ours.
  {
    files: ['dashboard/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.{1,2}/)+(.*/)?core/(?!contract/|portable/)',
              message: 'the dashboard takes types from core/contract and code from core/portable only',
            },
            {
              regex: '^(\\.{1,2}/)+(.*/)?core/contract/',
              message: 'the dashboard takes types only from core/contract (never its runtime schemas)',
              allowTypeImports: true,
            },
            {
              regex: '^(\\.{1,2}/)+(.*/)?(server|app|action|widget|test|bench)(/|\\.ts$)',
              message: 'the dashboard reaches the server through its HTTP API only',
            },
          ],
        },
      ],
    },
  },
  // No import circle anywhere in the product: a module that needs what imports it belongs lower down.
  {
    files: [
      'server/**/*.ts',
      'core/**/*.ts',
      'app/**/*.ts',
      'action/**/*.ts',
      'widget/src/**/*.ts',
      'dashboard/src/**/*.{ts,tsx}',
    ],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // Nor any circle of folders (eslint/no-folder-cycles.js): what two folders share lives below both.
  {
    files: [
      'server/**/*.ts',
      'core/**/*.ts',
      'app/**/*.ts',
      'action/**/*.ts',
      'widget/src/**/*.ts',
      'dashboard/src/**/*.{ts,tsx}',
    ],
    plugins: { local: { rules: { 'no-folder-cycles': noFolderCycles } } },
    rules: {
      'local/no-folder-cycles': [
        'error',
        { roots: ['server', 'core', 'app', 'action', 'widget/src', 'dashboard/src'] },
      ],
    },
  },
  // A benchmark measures Shiplog as it runs: its database opened the one way Shiplog opens
  // (bench/open-bench-app.ts → server/open-server.ts), never migrated or connected by a bench itself.
  {
    files: ['bench/**/*.ts'],
    ignores: ['bench/open-bench-app.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.{1,2}/)+server/(db/(migrate|connect)|open-server)\\.ts$',
              message: 'a benchmark opens its database through openBenchApp (bench/open-bench-app.ts)',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  { files: ['**/*.js'], extends: [tseslint.configs.disableTypeChecked] },
  {
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
