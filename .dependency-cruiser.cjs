// The house's layer and slice rules, checked on every `npm test` (scripts/checkDeps.ts). docs/architecture.md
// draws the layers and states these same rules in the same words; test/architecture/rules.unit.spec.ts breaks each
// one on purpose and expects the checker to name it.

/**
 * The slices: a folder directly under a service's src/ (services/command/src/nutrition/, services/query/src/nutrition/, …),
 * except the ports every slice of its service plugs into, as every slice uses services/platform: the read models'
 * store (services/query/src/store/) and the job queue (services/workers/src/jobs/).
 */
const SLICE = '^services/(command|query|workers)/src/(?!store/|jobs/)([^/]+)/';
const PORTS = '^services/(query/src/store|workers/src/jobs)/';

/** The packages the web client is built from; anything else it reaches comes from the server's side. */
// date-fns counts calendar days on both sides (the server's calendar of local days is built on it too).
const WEB_PACKAGES = ['react', 'react-dom', 'react-router', 'react-router-dom', 'react-redux', '@reduxjs/toolkit', 'd3', 'idb', 'date-fns'];

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
      name: 'web-feature-imports-no-feature',
      comment:
        'A web feature (web/src/features/<name>/) imports no other feature: a page that shows pieces of several is ' +
        'composed in web/src/app/, which hands the pieces in as props.',
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'web-feature-imports-no-app',
      comment:
        'A web feature imports nothing of web/src/app/ (router, layout, the screens that compose features): what ' +
        'features share lives in web/src/shared/.',
      severity: 'error',
      from: { path: '^web/src/features/' },
      to: { path: '^web/src/app/' },
    },
    {
      name: 'web-shared-imports-no-feature-or-app',
      comment:
        'web/src/shared/ (UI, charts, the api base, the store, the offline queue) imports neither a feature nor ' +
        'web/src/app/: features and app build on it, never the other way round.',
      severity: 'error',
      from: { path: '^web/src/shared/' },
      to: { path: '^web/src/(features|app)/' },
    },
    {
      name: 'web-feature-folders-acyclic',
      comment:
        'No two folders of the web features need each other (a feature\'s subfolders: training/records and ' +
        'training/sets), even when no single file cycle shows it.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^web/src/features/' },
      to: { path: '^web/src/features/', circular: true },
    },
    {
      name: 'web-reaches-the-server-only-through-contract',
      comment:
        'The web client imports nothing outside web/ but the contract/ folder (answer types, lists, limits, units and ' +
        'the pure helpers both sides share), and packages (which web-packages-only narrows).',
      severity: 'error',
      from: { path: '^web/src/' },
      to: { path: '^(?!web/)', pathNot: ['^contract/', '(^|/)node_modules/', '^(node:)?[a-z_/]+$'] },
    },
    {
      name: 'web-packages-only',
      comment:
        'The web client is built from its own packages (React, the router, Redux Toolkit, d3, idb): it imports no ' +
        'other package and no Node built-in. What it shares with the server comes from contract/, which imports nothing.',
      severity: 'error',
      from: { path: '^web/src/' },
      to: {
        path: ['(^|/)node_modules/', '^(node:)?[a-z_/]+$'],
        pathNot: `(^|/)node_modules/(${WEB_PACKAGES.join('|')})/`,
      },
    },
    {
      name: 'contract-imports-nothing-outside',
      comment:
        'contract/ holds what the web and the server share (answer types, lists, limits, units, pure helpers): it ' +
        'imports nothing outside itself, no package and no Node built-in, so either side takes it whole.',
      severity: 'error',
      from: { path: '^contract/' },
      to: { pathNot: '^contract/' },
    },
    {
      name: 'domain-below-services',
      comment:
        'services/domain/ holds the pure rules of training, nutrition and the coach: it imports no service, no ' +
        'platform piece and no store, so every service may import it.',
      severity: 'error',
      from: { path: '^services/domain/' },
      to: { path: ['^services/(command|query|workers|system|platform)/', '^services/[^/]+\\.ts$', '^lowlevel/', '(^|/)store/'] },
    },
    {
      name: 'training-rules-below-the-coach',
      comment:
        'The training rules (strength, e1RM, progression, exercise identity) and the nutrition rules do not depend ' +
        'on the chat trainer: the coach depends on them.',
      severity: 'error',
      from: { path: '^services/domain/(training|nutrition)/' },
      to: { path: '^services/domain/coach/' },
    },
    {
      name: 'training-rules-below-nutrition',
      comment: 'Nutrition may use the training rules (an exercise\'s equipment for a constraint), not the reverse.',
      severity: 'error',
      from: { path: '^services/domain/training/' },
      to: { path: '^services/domain/nutrition/' },
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
