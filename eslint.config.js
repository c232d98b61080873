// ESLint over the whole tree with typescript-eslint's recommended type-checked rules (`npm run lint`, part of `npm
// test`). Every rule turned off is named below with its reason (docs/adr/0346-eslint-type-checked-in-the-suite.md).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * No reading of a library's private fields: Express's router stack and a layer's route, and any member whose name starts
 * with `_` (a library's mark for "not part of the API"), but for MongoDB's `_id` and the read models' own `_position`.
 * A speed-up or a fix goes through a library's public API, or the library is changed upstream. The product's code
 * only: tests may look inside what they prove.
 */
export const privateFields = {
  files: ['events/**/*.ts', 'lowlevel/**/*.ts', 'services/**/*.ts', 'web/src/**/*.{ts,tsx}', 'scripts/**/*.ts'],
  rules: {
    'no-restricted-syntax': [
      'error',
      {
        selector: 'MemberExpression[property.name=/^_(?!id$|position$)/]',
        message: "A member starting with _ is a library's private field: use its public API.",
      },
      {
        selector: "MemberExpression[property.name='stack']:not([object.name=/^(error|err|extra|cause)$/])",
        message: "Express's router stack is private (an error's stack is read as error.stack): mount routers with its public API (services/platform/routing.ts).",
      },
      {
        selector: "MemberExpression[object.property.name='route'][property.name='dispatch']",
        message: "A layer's route is Express's private part: mount routers with its public API (services/platform/routing.ts).",
      },
    ],
  },
};

export default tseslint.config(
  { ignores: ['node_modules/', 'web/dist/', 'dist/', 'vendor/', 'test/artifacts/', '**/*.mjs', '**/*.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // A name that starts with _ is left unused on purpose (a destructured field left out, an argument a signature
      // requires), as the code base already writes it.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none' }],
      // Off: the ports are async (the event store, the read models, the job queue, the mailer), and the SQLite and
      // in-process adapters answer at once inside an async method, so that a throw becomes a rejection like the
      // other adapters'. An `async` without `await` is the port's shape there, not a mistake.
      '@typescript-eslint/require-await': 'off',
      // Off: the house's interfaces declare functions in method syntax (`evolve(state, event)`, a fold's state type
      // is then checked both ways, which `PlanKind<unknown>` relies on) and pass them around (`history.reduce(
      // evolver.evolve, …)`); none of them reads `this`, which the rule cannot see.
      '@typescript-eslint/unbound-method': 'off',
      // Express 5 awaits a route handler's promise and hands a rejection to the error handler, and the web's event
      // handlers catch their own failures: a promise where a callback's void is expected is the design there. A
      // promise in a condition or a spread is still an error.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false, attributes: false } }],
    },
  },
  {
    // The web client's unit tests are type-checked with the web's own settings (web/tsconfig.json takes them in).
    files: ['test/web/**/*.ts'],
    languageOptions: { parserOptions: { projectService: false, project: ['./web/tsconfig.json'] } },
  },
  {
    // Tests, the bench and the soak read the real server's JSON answers (`call(...).body`, typed `any` on purpose:
    // what came over the wire) and check them (chai, or the figures they report). Typing each answer there would add
    // casts, not checks, so the `no-unsafe-*` rules, which flag every use of an `any`, are off for these HTTP clients
    // only, and so is writing `any` for such an answer. The product's code keeps them.
    files: ['test/**/*.ts', 'scripts/bench/**/*.ts', 'scripts/soak/**/*.ts', 'scripts/support/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  privateFields,
  {
    // Plain JavaScript (this file, the service worker) has no types to check.
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // The build fills the file list and the public pages in (web/vite.config.ts).
    files: ['web/worker/sw.js'],
    languageOptions: { globals: { __FILES__: 'readonly', __PAGES__: 'readonly' } },
  },
);
