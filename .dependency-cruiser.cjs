/**
 * The layers of geolens (README "Architecture"), enforced by `npm run lint`:
 * domain <- app <- edges (api, mcp, cli); projections and infra beside app; compose wires everything.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A circle of imports has no layer order; split the shared part out.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-imports-nothing-outside-it',
      severity: 'error',
      comment: 'The domain is pure: deciders, analysis and schemas know no adapter, read model, engine or edge.',
      from: { path: '^src/domain/' },
      to: { path: '^src/', pathNot: '^src/domain/' },
    },
    {
      name: 'domain-does-no-io',
      severity: 'error',
      comment: 'Time, ids, randomness and I/O are injected into the domain, never imported.',
      from: { path: '^src/domain/' },
      to: { dependencyTypes: ['core'], path: '^(fs|fs/promises|net|http|https|dns|child_process|worker_threads|os|dgram|tls)$' },
    },
    {
      name: 'ports-are-interfaces',
      severity: 'error',
      comment: 'Ports name what the application needs; adapters implement them in src/infra.',
      from: { path: '^src/ports/' },
      to: { path: '^src/', pathNot: '^src/(ports|domain)/' },
    },
    {
      name: 'background-kit-knows-only-ports',
      severity: 'error',
      comment: 'The background kit (clock, leases, leased job runner, subscription loop) serves the application and the projections alike; it knows only ports and the domain.',
      from: { path: '^src/background/' },
      to: { path: '^src/', pathNot: '^src/(background|ports|domain)/' },
    },
    {
      name: 'infra-knows-no-application',
      severity: 'error',
      comment: 'Adapters implement ports; they do not reach into application services, read models or edges.',
      from: { path: '^src/infra/' },
      to: { path: '^src/(app|api|mcp|cli|projections)/' },
    },
    {
      name: 'projections-know-no-application',
      severity: 'error',
      comment: 'Read models are built from events; application services and edges read them, not the other way.',
      from: { path: '^src/projections/' },
      to: { path: '^src/(app|api|mcp|cli)/' },
    },
    {
      name: 'application-reads-projections-through-readers',
      severity: 'error',
      comment:
        'src/app reads a read model through its reader (projections/<name>/reader.ts) or an index.ts; storage layouts, collection names and ' +
        'projection handlers stay private to their projection folder.',
      from: { path: '^src/app/' },
      to: {
        path: '^src/projections/',
        pathNot: '^src/projections/(index\\.ts|[^/]+/(reader|index)\\.ts)$',
      },
    },
    {
      name: 'features-import-one-way',
      severity: 'error',
      comment:
        'Features of src/app form a one-way graph: when feature A imports feature B (through any of their files), B imports nothing of A. ' +
        'Move the shared piece down to the feature that owns it or to app/shared.',
      scope: 'folder',
      from: { path: '^src/app/[^/]+' },
      to: { path: '^src/app/[^/]+', circular: true },
    },
    {
      name: 'application-knows-no-edge',
      severity: 'error',
      comment: 'Operations are defined once in src/app; REST, MCP and CLI are bindings that import them.',
      from: { path: '^src/app/' },
      to: { path: '^src/(api|mcp|cli|server|compose)' },
    },
    {
      name: 'edges-do-not-import-each-other',
      severity: 'error',
      comment: 'REST, MCP and the CLI share operations, not each other.',
      from: { path: '^src/(api|mcp|cli)/' },
      to: { path: '^src/(api|mcp|cli)/', pathNot: '^src/$1/' },
    },
    {
      name: 'the-page-is-a-client',
      severity: 'error',
      comment: 'The dashboard (web/) calls the API like any client; from the server it takes only types (the zod schemas).',
      from: { path: '^web/' },
      to: { path: '^src/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'the-server-does-not-import-the-page',
      severity: 'error',
      comment: 'serve answers the built files of web/dist; it imports no page source.',
      from: { path: '^(src|bench)/' },
      to: { path: '^web/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'], extensions: ['.ts', '.tsx', '.js'] },
  },
};
