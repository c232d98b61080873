import { expect } from 'chai';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { capabilityCycles } from '../../scripts/depsReport.mjs';
import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';

// The house's rules, as `npm test` checks them (.dependency-cruiser.cjs): each is broken here on purpose, in a
// throwaway tree laid out like the repo, and the checker must name that rule (and only that rule); the same tree
// without the offending import passes. So a rule that silently stopped matching (a renamed folder, a typo in a
// pattern) fails this test instead of letting violations through.

const repo = resolve(import.meta.dirname, '../..');
const config = createRequire(import.meta.url)(join(repo, '.dependency-cruiser.cjs')) as {
  forbidden: { name: string }[];
};

type Files = Record<string, string>;

/** A small tree every rule is happy with: the layers and slices as they are meant to be. */
const lawful: Files = {
  'lowlevel/sqlite.ts': 'export const openFile = 1;',
  'events/catalog.ts': "import { openFile } from '../lowlevel/sqlite';\nexport const catalog = openFile;",
  'services/platform/http.ts': "import express from 'express';\nexport const http = express;",
  'services/command/src/execute.ts': "import { catalog } from '../../../events/catalog';\nexport const run = catalog;",
  'services/command/src/plans/roster.ts': 'export const roster = 1;',
  'services/command/src/plans/api.ts': "export { roster } from './roster';",
  'services/command/src/nutrition/decide.ts':
    "import { roster } from '../plans/api';\nimport { catalog } from '../../../../events/catalog';\nexport const decide = roster + catalog;",
  'services/command/src/nutrition/routes.ts':
    "import { http } from '../../../platform/http';\nimport { decide } from './decide';\nimport { run } from '../execute';\nexport const routes = [http, decide, run];",
  'services/query/src/nutrition/mealPlans.projection.ts': "import { catalog } from '../../../../events/catalog';\nexport const p = catalog;",
  'events/mealTimes.ts': "export const MEAL_TIMES = ['Breakfast'];",
  'contract/nutrition/mealTimes.ts': "export const MEAL_TIMES = ['Breakfast'];",
  'web/src/shared/api.ts': 'export const api = 1;',
  'web/src/shared/ui.ts': "import { api } from './api';\nexport const ui = api;",
  'web/src/features/nutrition/mealsApi.ts':
    "import { MEAL_TIMES } from '../../../../contract/nutrition/mealTimes';\nimport { api } from '../../shared/api';\nexport const useMeals = [MEAL_TIMES, api];",
  'web/src/features/nutrition/index.ts': "export { useMeals } from './mealsApi';",
  'web/src/features/coach/ChatPage.tsx': "import { ui } from '../../shared/ui';\nexport const Chat = (plans: unknown) => [ui, plans];",
  'web/src/features/training/records/recordsApi.ts': "import { api } from '../../../shared/api';\nexport const records = api;",
  'web/src/features/training/sets/SetLogger.tsx': "import { records } from '../records/recordsApi';\nexport const SetLogger = records;",
  'web/src/app/router.tsx':
    "import { Chat } from '../features/coach/ChatPage';\nimport { useMeals } from '../features/nutrition';\nexport const routes = Chat(useMeals);",
  'services/domain/training/strength.ts': "import { MEAL_TIMES } from '../../../contract/nutrition/mealTimes';\nexport const e1rm = MEAL_TIMES.length;",
  'services/domain/nutrition/energy.ts': 'export const energy = 2000;',
  'services/domain/coach/index.ts': "import { energy } from '../nutrition/energy';\nexport const coach = energy;",
};

/** One deliberate violation per rule: a file added (or replaced) in the lawful tree. */
const violations: Record<string, Files> = {
  'events-below-services': {
    'events/store.ts': "import { http } from '../services/platform/http';\nexport const store = http;",
  },
  'lowlevel-imports-nothing-above': {
    'lowlevel/wait.ts': "import { catalog } from '../events/catalog';\nexport const wait = catalog;",
  },
  'pure-decider-and-projection': {
    'services/command/src/nutrition/decide.ts': "import express from 'express';\nexport const decide = express;",
  },
  'slice-through-api': {
    'services/command/src/nutrition/decide.ts': "import { roster } from '../plans/roster';\nexport const decide = roster;",
  },
  'web-feature-imports-no-feature': {
    'web/src/features/coach/ChatPage.tsx': "import { useMeals } from '../nutrition';\nexport const Chat = () => useMeals;",
  },
  'web-feature-imports-no-app': {
    'web/src/features/coach/ChatPopup.tsx': "import { routes } from '../../app/router';\nexport const popup = routes;",
  },
  'web-shared-imports-no-feature-or-app': {
    'web/src/shared/ui.ts': "import { records } from '../features/training/records/recordsApi';\nexport const ui = records;",
  },
  'web-feature-folders-acyclic': {
    'web/src/features/training/records/NewRecords.tsx': "import { SetLogger } from '../sets/SetLogger';\nexport const NewRecords = SetLogger;",
  },
  'web-reaches-the-server-only-through-contract': {
    'web/src/features/nutrition/mealsApi.ts': "import { MEAL_TIMES } from '../../../../events/mealTimes';\nexport const useMeals = MEAL_TIMES;",
  },
  'web-packages-only': {
    'web/src/features/nutrition/mealsApi.ts': "import express from 'express';\nexport const useMeals = express;",
  },
  'contract-imports-nothing-outside': {
    'contract/nutrition/mealTimes.ts': "import { z } from 'zod';\nexport const MEAL_TIMES = z.enum(['Breakfast']).options;",
  },
  'domain-below-services': {
    'services/domain/coach/index.ts': "import { routes } from '../../command/src/nutrition/routes';\nexport const coach = routes;",
  },
  'training-rules-below-the-coach': {
    'services/domain/training/strength.ts': "import { coach } from '../coach/index';\nexport const e1rm = coach;",
  },
  'training-rules-below-nutrition': {
    'services/domain/training/strength.ts': "import { energy } from '../nutrition/energy';\nexport const e1rm = energy;",
  },
  'no-capability-cycles': {
    'services/command/src/nutrition/api.ts': "export { routes } from './routes';",
    'services/command/src/plans/kinds.ts': "import { routes } from '../nutrition/api';\nexport const kinds = [routes];",
  },
  'no-circular': {
    'services/command/src/plans/roster.ts': "import { roster as again } from './api';\nexport const roster = again;",
  },
};

/** A decider importing a store or the command runner is as impure as one importing express. */
const moreImpureDeciders: Files[] = [
  { 'services/command/src/nutrition/decide.ts': "import { run } from '../execute';\nexport const decide = run;" },
  {
    'services/query/src/nutrition/mealPlans.projection.ts':
      "import { http } from '../../../platform/http';\nexport const p = http;",
  },
];

let root: string;

function lay(files: Files): string {
  const dir = mkdtempSync(join(root, 'tree-'));
  // Bare imports (express) resolve as in the repo.
  symlinkSync(join(repo, 'node_modules'), join(dir, 'node_modules'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

async function brokenRules(files: Files): Promise<string[]> {
  const dir = lay(files);
  const result = await cruise(
    ['contract', 'events', 'lowlevel', 'services', 'web'],
    {
      baseDir: dir,
      validate: true,
      ruleSet: { forbidden: config.forbidden } as never,
      doNotFollow: { path: 'node_modules' },
      tsPreCompilationDeps: true,
    },
    { extensions: ['.ts', '.tsx', '.js'] },
  );
  const output = result.output as ICruiseResult;
  // The one rule the checker's own report adds (scripts/depsReport.mjs): no cycle among capabilities.
  const cycles = capabilityCycles(output.modules).length > 0 ? ['no-capability-cycles'] : [];
  return [...new Set([...output.summary.violations.map((violation) => violation.rule.name), ...cycles])].sort();
}

describe('the dependency rules (.dependency-cruiser.cjs)', function () {
  this.timeout(60_000);

  before(() => {
    root = mkdtempSync(join(tmpdir(), 'house-rules-'));
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it('passes the lawful tree', async () => {
    expect(await brokenRules(lawful)).to.deep.equal([]);
  });

  it('has a deliberate violation here for every rule it checks', () => {
    expect(Object.keys(violations).sort()).to.deep.equal([...config.forbidden.map((rule) => rule.name), 'no-capability-cycles'].sort());
  });

  for (const [rule, files] of Object.entries(violations)) {
    it(`fails on a deliberate violation of ${rule}`, async () => {
      expect(await brokenRules({ ...lawful, ...files })).to.deep.equal([rule]);
    });
  }

  it('counts a decider importing the command runner, and a projection importing HTTP, as impure', async () => {
    for (const files of moreImpureDeciders) {
      expect(await brokenRules({ ...lawful, ...files })).to.deep.equal(['pure-decider-and-projection']);
    }
  });
});

describe("the rule against reading a library's private fields (eslint.config.js)", () => {
  let privateFields: { files: string[]; rules: { 'no-restricted-syntax': ['error', ...unknown[]] } };
  before(async () => {
    ({ privateFields } = (await import(join(repo, 'eslint.config.js'))) as { privateFields: typeof privateFields });
  });
  const linter = new Linter({ configType: 'flat' });
  /** The lines the rule refuses in `code`, as if it were a file of the query service. */
  const errorsOf = (code: string) => [
    ...new Set(
      linter
        .verify(code, [{ ...privateFields, languageOptions: { parser: tseslint.parser } }], 'services/query/src/app.ts')
        .map((m) => m.line),
    ),
  ];

  it('is on for the product code', async () => {
    const config = (await new ESLint({ cwd: repo }).calculateConfigForFile('services/query/src/app.ts')) as { rules: Record<string, unknown[]> };
    expect(config.rules['no-restricted-syntax']!.slice(1)).to.deep.equal(privateFields.rules['no-restricted-syntax'].slice(1));
  });

  it("passes public members, MongoDB's _id, the read models' _position and an error's stack", () => {
    expect(errorsOf('doc._id; doc._position; error.stack; router.use(handler); res.locals.user;')).to.deep.equal([]);
  });

  it("fails on a deliberate read of Express's router stack, a route's dispatch and a private field", () => {
    const code = [
      '(router as unknown as { stack: unknown[] }).stack;',
      'layer.route.dispatch(req, res, next);',
      'app._router;',
      'res._header;',
    ].join('\n');
    expect(errorsOf(code)).to.deep.equal([1, 2, 3, 4]);
  });
});
