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
