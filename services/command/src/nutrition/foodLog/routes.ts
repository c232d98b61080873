import { Router, type Request } from 'express';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { calendarDate } from '../../../../../events/bounds.js';
import { Rejected } from '../../../../../events/rejected.js';
import { FOOD_LOG, FOOD_LOG_DEFAULTS } from '../../../../../contract/nutrition/foodLogLimits.js';
import { MEAL_TIMES } from '../../../../../contract/nutrition/mealTimes.js';
import { amountsOf, catalogueFood, portionOf } from '../../../../domain/nutrition/catalogue/catalogue.js';
import { currentUser, signedInAs, SUBSCRIBER_ROLES } from '../../../../platform/auth.js';
import { parse } from '../../../../platform/http.js';
import { commandContext, type CommandDeps } from '../../context.js';
import { actedAt, idField, pathId, text } from '../../fields.js';
import { runFlow } from '../../flow.js';
import type { EntryContent } from './decide.js';
import { NO_SUCH_ENTRY } from './decide.js';
import { copyMealFlow, deleteEntryFlow, logFoodFlow } from './flows.js';

const number = (what: string, max: number, min = 0) =>
  z.number({ error: `${what} must be a number` }).min(min, `${what} must be at least ${min}`).max(max, `${what} must be at most ${max}`);
const mealTime = z.enum(MEAL_TIMES, { error: `meal_time must be one of ${MEAL_TIMES.join(', ')}` });
const grams = (what: string) => number(what, FOOD_LOG.macroGrams).optional();

/** POST /api/food-log: exactly one of a catalogue food (`food`), a food the person typed (`custom`) or calories alone (`kcal`). */
const logInput = z
  .object({
    entry_id: idField('entry_id').optional(),
    date: calendarDate.optional(),
    meal_time: mealTime,
    food: z.string().max(FOOD_LOG.idLength).optional(),
    custom: z
      .object({ name: text('custom.name', FOOD_LOG.nameLength), kcal: number('custom.kcal', FOOD_LOG.calories), protein: grams('custom.protein'), carbs: grams('custom.carbs'), fats: grams('custom.fats') })
      .strict()
      .optional(),
    kcal: number('kcal', FOOD_LOG.calories).optional(),
    name: text('name', FOOD_LOG.nameLength).optional(),
    portion: text('portion', FOOD_LOG.portionLength).optional(),
    quantity: number('quantity', FOOD_LOG.quantity, 0.01).optional(),
    instead_of: idField('instead_of').optional(),
  })
  .strict()
  .refine((body) => [body.food, body.custom, body.kcal].filter((v) => v !== undefined).length === 1, 'give exactly one of food, custom or kcal');

const copyInput = z.object({ copy_id: idField('copy_id').optional(), from_date: calendarDate, to_date: calendarDate.optional(), meal_time: mealTime }).strict();

const { name: QUICK_ADD, portion: SERVING } = FOOD_LOG_DEFAULTS;

/** What the body asks to log, in the domain's words: the catalogue's numbers times the portion, or what was typed. */
function contentOf(body: z.infer<typeof logInput>): EntryContent {
  const quantity = body.quantity ?? 1;
  if (body.food !== undefined) {
    const food = catalogueFood(body.food);
    if (!food) throw new Rejected('invalid', 'food is not a food of the catalogue');
    const portion = body.portion === undefined ? food.portions[0]! : portionOf(food, body.portion);
    if (!portion) throw new Rejected('invalid', `portion must be one of: ${food.portions.map((p) => p.label).join('; ')}`);
    return { kind: 'catalogue', foodId: food.id, name: food.name, portion: portion.label, portionGrams: portion.grams, quantity, ...amountsOf(food, portion.grams, quantity) };
  }
  const typed = body.custom ?? { name: body.name ?? QUICK_ADD, kcal: body.kcal!, protein: 0, carbs: 0, fats: 0 };
  const times = (n: number | undefined) => Math.round((n ?? 0) * quantity * 10) / 10;
  return {
    kind: body.custom ? 'custom' : 'quick',
    foodId: null,
    name: typed.name,
    portion: body.portion ?? SERVING,
    portionGrams: null,
    quantity,
    calories: Math.round(typed.kcal * quantity),
    proteinGrams: times(typed.protein),
    carbsGrams: times(typed.carbs),
    fatsGrams: times(typed.fats),
  };
}

/** The food log: log a food, take an entry back, copy a meal of one day to another. */
export function foodLogRoutes(deps: CommandDeps): Router {
  const router = Router();
  const guards = [...signedInAs(deps.tokens, deps.roleOf, SUBSCRIBER_ROLES, 'The food log needs an active subscription')];
  /** When the person acted (fields.ts): a queued offline entry counts for when it was eaten. */
  const now = (req: Request) => actedAt(req.get('x-acted-at'), deps.now());

  router.post('/food-log', ...guards, async (req, res) => {
    const body = parse(logInput, req.body);
    const content = contentOf(body);
    const entryId = body.entry_id ?? randomUUID();
    const command = { userId: currentUser(res).id, entryId, day: body.date ?? null, mealTime: body.meal_time, content, insteadOf: body.instead_of ?? null, now: now(req) };
    const { position } = await runFlow(commandContext(deps, req, res), logFoodFlow(command));
    res.status(201).json({ message: 'Food logged', entryId, name: content.name, calories: content.calories, position });
  });

  router.post('/food-log/copy', ...guards, async (req, res) => {
    const body = parse(copyInput, req.body);
    const command = { userId: currentUser(res).id, fromDay: body.from_date, toDay: body.to_date ?? null, mealTime: body.meal_time, copyId: body.copy_id ?? randomUUID(), now: now(req) };
    const { position, events } = await runFlow(commandContext(deps, req, res), copyMealFlow(command));
    res.status(201).json({ message: 'Meal copied', entryIds: events.map((event) => (event.data as { entryId: string }).entryId), position });
  });

  router.delete('/food-log/:id', ...guards, async (req, res) => {
    const entryId = pathId(req.params.id, NO_SUCH_ENTRY);
    const { position } = await runFlow(commandContext(deps, req, res), deleteEntryFlow({ userId: currentUser(res).id, entryId, now: now(req) }));
    res.json({ message: 'Entry deleted', entryId, position });
  });

  return router;
}
