// The house's layer and slice rules, checked on every `npm test` (scripts/checkDeps.ts). docs/architecture.md
// draws the layers and states these same rules in the same words; test/architecture/rules.unit.spec.ts breaks each
// one on purpose and expects the checker to name it.

/**
 * The slices: a folder directly under a service's src/ (services/command/src/meals/, services/query/src/meals/, …),
 * except the ports every slice of its service plugs into, as every slice uses services/platform: the read models'
 * store (services/query/src/store/) and the job queue (services/workers/src/jobs/).
 */
const SLICE = '^services/(command|query|workers)/src/(?!store/|jobs/)([^/]+)/';
const PORTS = '^services/(query/src/store|workers/src/jobs)/';

/** The packages the web client is built from; anything else it reaches comes from the server's side. */
// date-fns and lru-cache come with the calendar of local days (services/query/src/progress/calendar.ts), which the
// web shares with the server so a week or a month is counted the same on both: both are pure and run in a browser.
const WEB_PACKAGES = ['react', 'react-dom', 'react-router', 'react-router-dom', 'react-redux', '@reduxjs/toolkit', 'd3', 'idb', 'date-fns', 'lru-cache'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'events-below-services',
      comment:
        'events/ is the bottom floor: the catalog, the streams and the log stores. It must not import services/; what ' +
        'both need (the SQLite file, waiting for a lock) lives in lowlevel/, below both.',
      severity: 'error',
      from: { path: '^events/' },
      to: { path: '^services/' },
    },
    {
      name: 'lowlevel-imports-nothing-above',
      comment: 'lowlevel/ holds the pieces below events/ and services/: it imports neither.',
      severity: 'error',
      from: { path: '^lowlevel/' },
      to: { path: '^(events|services|web)/' },
    },
    {
      name: 'pure-decider-and-projection',
      comment:
        'A decider (decide.ts) or a projection (*.projection.ts) is a pure function of state and input: it must not ' +
        'import HTTP (express, services/platform/http.ts, a routes.ts), a store, or the command runner.',
      severity: 'error',
      from: { path: '(^services/command/src/.+/decide\\.ts$)|(\\.projection\\.ts$)' },
      to: {
        path: [
          '(^|/)node_modules/(express|better-sqlite3|mongodb|ioredis|bullmq|@eventstore)/',
          '^services/platform/(http|auth|sqlite|redis|idempotency|rateLimit|lease)\\.ts$',
          '/routes\\.ts$',
          '(^|/)store/',
          '^lowlevel/',
          '^services/command/src/(execute|context|flow)\\.ts$',
        ],
      },
    },
    {
      name: 'slice-through-api',
      comment:
        'A slice uses another slice (on any service) only through that slice\'s public api.ts, never its internals.',
      severity: 'error',
      from: { path: SLICE },
      to: {
        path: '^services/(command|query|workers)/src/[^/]+/',
        pathNot: ['^services/$1/src/$2/', '^services/(command|query|workers)/src/[^/]+/api\\.ts$', PORTS],
      },
    },
    {
      name: 'web-feature-through-entry',
      comment:
        'A web feature (web/src/features/<name>/) uses another feature only through its public entry, index.ts.',
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/' },
      to: {
        path: '^web/src/features/[^/]+/',
        pathNot: ['^web/src/features/$1/', '^web/src/features/[^/]+/index\\.tsx?$'],
      },
    },
    {
      name: 'web-takes-nothing-of-the-server',
      comment:
        'The web client shares with the server only files that import nothing of the server (answer types, lists, ' +
        'limits: events/ticketLists.ts, services/query/src/*/…Answer.ts): nothing it reaches, directly or through ' +
        'them, is a package or Node built-in other than the web\'s own (React, the router, Redux Toolkit, d3, idb).',
      severity: 'error',
      from: { path: '^web/src/' },
      to: {
        reachable: true,
        path: ['(^|/)node_modules/', '^(node:)?[a-z_/]+$'],
        pathNot: `(^|/)node_modules/(${WEB_PACKAGES.join('|')})/`,
      },
    },
    {
      name: 'no-circular',
      comment: 'No import cycles: a module never reaches itself through its imports.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // `import type` counts too: a type from the HTTP layer in a decider is the same dependency as a value.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
    },
  },
};
