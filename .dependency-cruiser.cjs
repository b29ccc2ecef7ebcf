/**
 * Import rules of the code base, checked by `npm run lint:deps` (part of `npm run lint`).
 * Layers of the server: lib (framework-free helpers) ← db ← http ← features ← app/main.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'Modules that import each other cannot be understood, tested or split on their own.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'lib-is-framework-free',
      severity: 'error',
      comment: 'src/lib holds helpers that know nothing of the database, HTTP or features.',
      from: { path: '^packages/server/src/lib/' },
      to: { path: '^packages/server/src/(db|http|features)/' },
    },
    {
      name: 'db-below-features',
      severity: 'error',
      comment: 'The database layer knows nothing of HTTP or features.',
      from: { path: '^packages/server/src/db/' },
      to: { path: '^packages/server/src/(http|features)/' },
    },
    {
      name: 'http-below-features',
      severity: 'error',
      comment: 'The HTTP layer (authentication, errors, guards) may name feature types, never call features.',
      from: { path: '^packages/server/src/http/' },
      to: { path: '^packages/server/src/features/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'routes-only-from-app',
      severity: 'error',
      comment: 'Route modules are registered by app.ts (or composed by a route module of their own feature).',
      from: {
        path: '^packages/server/src/',
        pathNot: ['^packages/server/src/app\\.ts$', '^packages/server/src/features/'],
      },
      to: { path: '\\.routes\\.ts$' },
    },
    {
      name: 'routes-stay-in-their-feature',
      severity: 'error',
      from: { path: '^packages/server/src/features/([^/]+)/' },
      to: { path: '\\.routes\\.ts$', pathNot: '^packages/server/src/features/$1/' },
    },
    {
      name: 'queries-stay-in-their-feature',
      severity: 'error',
      comment: "A feature reads another feature's data through that feature's services, not its query modules.",
      from: { path: '^packages/server/src/features/([^/]+)/' },
      to: {
        path: '^packages/server/src/features/([^/]+)/.*\\.queries\\.ts$',
        pathNot: '^packages/server/src/features/$1/',
      },
    },
    {
      name: 'src-never-imports-tests',
      severity: 'error',
      from: { path: '^packages/[^/]+/src/' },
      to: { path: '^packages/[^/]+/(test|bench)/' },
    },
    {
      name: 'contracts-stand-alone',
      severity: 'error',
      comment: 'The contracts know nothing of the server or the web.',
      from: { path: '^packages/contracts/' },
      to: { path: '^packages/(server|web)/' },
    },
    {
      name: 'sign-in-pages-stay-light',
      severity: 'error',
      comment:
        'The credential pages (auth-main.tsx, features/auth) are a light page of their own, held to 150 KB by ' +
        "e2e/first-load.spec.ts: nothing of the dashboard's store, router, query cache or API client, and the " +
        'contracts through their light `credentials` entry (the index brings classic zod), types aside. Packages are ' +
        'not cruised, so the size test is what keeps react-router, Redux and TanStack Query out. logout.ts is the ' +
        "dashboard's.",
      from: {
        path: '^packages/web/src/(auth-main\\.tsx$|features/auth/)',
        pathNot: '^packages/web/src/features/auth/logout\\.ts$',
      },
      to: {
        path: [
          '^packages/web/src/app/(App|hooks|providers|router|session|store)\\.tsx?$',
          '^packages/web/src/api/(client|query-client|realtime|session-check)\\.ts$',
          '^packages/contracts/src/index\\.ts$',
        ],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'survey-page-stays-light',
      severity: 'error',
      comment:
        'The public survey page (survey-main.tsx, features/public-survey) is a light page of its own for phones, ' +
        "held to 130 KB by e2e/surveys.spec.ts: nothing of the dashboard's store, router, query cache or API client, " +
        'and the contracts for their types only.',
      from: { path: '^packages/web/src/(survey-main\\.tsx$|features/public-survey/)' },
      to: {
        path: [
          '^packages/web/src/app/(App|hooks|providers|router|session|store)\\.tsx?$',
          '^packages/web/src/api/(client|query-client|realtime|session-check)\\.ts$',
          '^packages/web/src/features/(?!public-survey/)',
          '^packages/contracts/src/index\\.ts$',
        ],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'web-never-imports-server',
      severity: 'error',
      from: { path: '^packages/web/' },
      to: { path: '^packages/server/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['source', 'import', 'types', 'default'],
    },
  },
}
