/**
 * The layering rules (docs/ARCHITECTURE.md, "Invariants"), checked in `npm test`
 * (tests/unit/layers.test.ts) and by `npm run lint:deps`.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-module-cycle',
      comment: 'No module imports itself through others: a cycle makes load order and reading order matter.',
      severity: 'error',
      from: { path: '^(server|src)/' },
      to: { circular: true },
    },
    {
      name: 'no-folder-cycle',
      comment: 'No folder depends on itself through other folders (a folder and its own subfolders aside).',
      severity: 'error',
      scope: 'folder',
      from: { path: '^(server|src)/' },
      to: { circular: true },
    },
    {
      name: 'platform-imports-no-area',
      comment: 'server/platform knows no business: it imports only itself, packages and the declaration language.',
      severity: 'error',
      from: { path: '^server/platform/' },
      to: { pathNot: ['^server/platform/', '^src/framework/declaration/', 'node_modules', '^node:'], dependencyTypesNot: ['core'] },
    },
    {
      name: 'framework-imports-no-product',
      comment: 'src/framework could serve another product unchanged: it imports only itself and packages.',
      severity: 'error',
      from: { path: '^src/framework/' },
      to: { pathNot: ['^src/framework/', 'node_modules'], dependencyTypesNot: ['core'] },
    },
    {
      name: 'areas-do-not-import-the-app',
      comment: 'server/app.ts composes the areas; an area importing it (or main.ts) would tie every area together.',
      severity: 'error',
      from: { path: '^server/(?!app\\.ts|main\\.ts)' },
      to: { path: '^server/(app|main)\\.ts$' },
    },
    {
      name: 'areas-meet-through-index',
      comment: 'An area uses another only through its index.ts, which exports what others may use; its other files are its own. platform/ and schema/ are the layers below, open to every area.',
      severity: 'error',
      from: { path: '^server/([^/]+)/', pathNot: '^server/(platform|schema)/' },
      to: { path: '^server/[^/]+/', pathNot: ['^server/$1/', '^server/(platform|schema)/', '^server/[^/]+/index\\.ts$'] },
    },
    {
      name: 'entry-points-import-area-index',
      comment: 'app.ts, main.ts, admin.ts and the other files at the top of server/ compose areas through their index.ts; boot/ is main.ts\'s own steps.',
      severity: 'error',
      from: { path: '^server/[^/]+\\.ts$' },
      to: { path: '^server/[^/]+/', pathNot: ['^server/(platform|schema|boot)/', '^server/[^/]+/index\\.ts$'] },
    },
    {
      name: 'schema-imports-no-area',
      comment: 'server/schema (the tables, their types and migrations) is a layer below the areas, like platform: it imports no area.',
      severity: 'error',
      from: { path: '^server/schema/' },
      to: { path: '^server/[^/]+/', pathNot: '^server/(platform|schema)/' },
    },
    {
      name: 'server-imports-no-console',
      comment: 'The server reads the declaration, never the console\'s React code.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^src/', pathNot: '^src/framework/declaration/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'names-are-plain-facts',
      comment: 'names/ holds facts both the server and the console use (names of countries and services); it imports neither.',
      severity: 'error',
      from: { path: '^names/' },
      to: { path: '^(server|src)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
