import { expect } from 'chai';
import { newEvent, type AppNewEvent, type EventData } from '../../events/catalog.js';
import { FORGOTTEN } from '../../events/personal.js';
import type { NewEvent, RecordedEvent } from '../../events/store/port.js';
import { newSubjectKey, openEvent, sealEvents } from '../../events/store/shredding.js';
import { copyMeal, deleteEntry, logFood, NO_SUCH_ENTRY, NOTHING_TO_COPY, type EntryContent } from '../../services/command/src/nutrition/foodLog/decide.js';
import { foodLog } from '../../services/command/src/nutrition/foodLog/foodLog.js';
import { amountsOf, catalogue, catalogueFood, parseCatalogue } from '../../services/domain/nutrition/catalogue/catalogue.js';
import { foodIndex, stem } from '../../services/domain/nutrition/catalogue/search.js';
import { uuidFrom } from '../../events/ids.js';
import { dayIn, eaten, foodDay, totalsByDay } from '../../services/query/src/nutrition/foodDay.js';
import { foodLogsProjection, ownFoodsProjection } from '../../services/query/src/nutrition/foodLogs.projection.js';
import type { MealLogsDoc } from '../../services/query/src/nutrition/mealLogs.projection.js';
import { given, project, projectChunks } from '../support/decider.js';

const NOW = '2026-11-18T12:00:00.000Z';
const content = (name: string, calories: number, kind: EntryContent['kind'] = 'custom'): EntryContent => ({
  kind,
  foodId: null,
  name,
  portion: '1 serving',
  portionGrams: null,
  quantity: 1,
  calories,
  proteinGrams: 10,
  carbsGrams: 20,
  fatsGrams: 5,
});
const logged = (entryId: string, day: string, name = 'Soup', calories = 300, mealTime: 'Lunch' | 'Snack' = 'Lunch', loggedAt = NOW) =>
  newEvent('FoodLogged', { entryId, userId: 'u1', day, mealTime, ...content(name, calories), insteadOfMealPlanMealId: null, loggedAt });

describe('the food catalogue and its search', () => {
  const index = foodIndex(catalogue().foods);
  const first = (query: string) => index.search(query, 20)[0]?.name;

  it('holds at least 1,500 foods, each with energy, macros and 100 g among its portions', () => {
    const { foods } = catalogue();
    expect(foods.length).to.be.at.least(1500);
    for (const food of foods) {
      expect([food.kcal, food.protein, food.carbs, food.fat].every((n) => Number.isFinite(n) && n >= 0), food.name).to.equal(true);
      expect(food.portions.at(-1)).to.deep.equal({ label: '100 g', grams: 100 });
    }
    expect(new Set(foods.map((f) => f.name.toLowerCase())).size).to.equal(foods.length);
  });

  // query → the food it must rank first
  const table: Array<[string, string]> = [
    ['veggie pizza', 'Vegetable pizza, thin crust (frozen, baked)'],
    ['pizza veggie', 'Vegetable pizza, thin crust (frozen, baked)'],
    ['vegetable pizzas', 'Vegetable pizza, thin crust (frozen, baked)'],
    ['bananas', 'Banana, raw'],
    ['banan', 'Banana, raw'],
    ['bananna', 'Banana, raw'],
    ['brocoli', 'Broccoli, raw'],
    ['scrambled eggs', 'Egg, scrambled'],
    ['eggs scrambled', 'Egg, scrambled'],
    ['coffee', 'Coffee, brewed'],
    ['tofu', 'Tofu, firm'],
    ['chicken breast roasted', 'Chicken, breast, meat only, cooked, roasted'],
    ['roasted chiken breast', 'Chicken, breast, meat only, cooked, roasted'],
    ['greek yoghurt', 'Yogurt, greek, plain, nonfat'],
    ['strawberies', 'Strawberries, raw'],
    ['apple', 'Apple, raw, with skin'],
    ['hummus', 'Hummus'],
    ['tempeh', 'Tempeh'],
  ];
  for (const [query, expected] of table) {
    it(`"${query}" finds ${expected} first`, () => expect(first(query)).to.equal(expected));
  }

  it('answers at most the limit, and nothing for words no food holds', () => {
    expect(index.search('a', 20)).to.have.length.at.most(20);
    expect(index.search('zzqxj', 20)).to.deep.equal([]);
    expect(index.search('  ', 20)).to.deep.equal([]);
  });

  it('stems plurals alike', () => {
    expect(['apples', 'berries', 'tomatoes', 'glass', 'hummus'].map(stem)).to.deep.equal(['apple', 'berry', 'tomato', 'glass', 'hummus']);
  });

  it('counts a portion by its grams: 2 × 1/3 vegetable pizza (116 g) is 232 g of it', () => {
    const pizza = catalogueFood('21499')!;
    expect(amountsOf(pizza, 116, 2)).to.deep.equal({ calories: 520, proteinGrams: 29, carbsGrams: 56.8, fatsGrams: 19.5 });
  });

  it('reads its file format: portions by label and grams, allergens as a list', () => {
    const [food] = parseCatalogue('id\tname\tkcal\tprotein\tcarbs\tfat\tsource\tallergens\tportions\n1\tToast\t300\t10\t50\t4\tplant\tgluten,dairy\t1 slice:30|1 cup, cubes:45\n');
    expect(food).to.deep.include({ id: '1', allergens: ['gluten', 'dairy'], portions: [{ label: '1 slice', grams: 30 }, { label: '1 cup, cubes', grams: 45 }, { label: '100 g', grams: 100 }] });
  });
});

describe('the food log decider', () => {
  const log = (entryId: string, day = '2026-11-18') => (state: Parameters<typeof logFood>[0]) =>
    logFood(state, { userId: 'u1', entryId, day, mealTime: 'Lunch', content: content('Soup', 300), insteadOf: null, now: NOW, today: '2026-11-18' });

  it('logs a food on a day up to today', () => {
    given(foodLog, []).when(log('e1')).then([logged('e1', '2026-11-18')]);
  });

  it('takes the same entry id again as a retry: nothing new, even after it was deleted', () => {
    given(foodLog, [logged('e1', '2026-11-18')]).when(log('e1')).then([]);
    given(foodLog, [logged('e1', '2026-11-18'), newEvent('FoodLogEntryDeleted', { entryId: 'e1', userId: 'u1', day: '2026-11-18', deletedAt: NOW })]).when(log('e1')).then([]);
  });

  it('refuses a day after today', () => {
    given(foodLog, []).when(log('e1', '2026-11-19')).thenThrows('invalid', 'date must not be after today');
  });

  it('deletes an entry it holds, and refuses one it does not', () => {
    given(foodLog, [logged('e1', '2026-11-17')])
      .when((state) => deleteEntry(state, { userId: 'u1', entryId: 'e1', now: NOW }))
      .then([newEvent('FoodLogEntryDeleted', { entryId: 'e1', userId: 'u1', day: '2026-11-17', deletedAt: NOW })]);
    given(foodLog, []).when((state) => deleteEntry(state, { userId: 'u1', entryId: 'e1', now: NOW })).thenThrows('not_found', NO_SUCH_ENTRY);
  });

  it('copies one meal of a day to another, each copy named from the copy id, once', () => {
    const history = [logged('e1', '2026-11-17'), logged('e2', '2026-11-17', 'Bread', 150), logged('e3', '2026-11-17', 'Tea', 2, 'Snack')];
    const copy = (state: Parameters<typeof copyMeal>[0]) => copyMeal(state, { userId: 'u1', fromDay: '2026-11-17', toDay: '2026-11-18', mealTime: 'Lunch', copyId: 'c1', now: NOW, today: '2026-11-18' });
    const copies = given(foodLog, history)
      .when(copy)
      .then([logged(uuidFrom('c1:e1'), '2026-11-18'), logged(uuidFrom('c1:e2'), '2026-11-18', 'Bread', 150)]);
    given(foodLog, [...history, ...copies]).when(copy).then([]);
    given(foodLog, []).when(copy).thenThrows('conflict', NOTHING_TO_COPY);
  });
});

describe('the food log read side', () => {
  const events: AppNewEvent[] = [
    logged('e1', '2026-11-17', 'Soup', 300),
    logged('e2', '2026-11-18', 'Bread', 150),
    logged('e3', '2026-11-18', 'Shake', 310, 'Snack'),
    newEvent('FoodLogEntryDeleted', { entryId: 'e1', userId: 'u1', day: '2026-11-17', deletedAt: NOW }),
  ];

  it("keeps entries by month of their day, and takes a deleted one out", () => {
    const doc = projectChunks(foodLogsProjection, events, 'u1', 'entries');
    expect(doc!.entries.map((e) => [e.entryId, e.day])).to.deep.equal([
      ['e2', '2026-11-18'],
      ['e3', '2026-11-18'],
    ]);
  });

  it("sums a day's entries in the person's zone: a planned meal logged at 03:00 UTC is the evening before in New York", () => {
    const foods = projectChunks(foodLogsProjection, events, 'u1', 'entries');
    const meals: MealLogsDoc = {
      user_id: 'u1',
      logs: [{ meal_log_id: 'm1', meal_plan_id: 'p', meal_plan_meal_id: 'pm', day_number: 1, meal_time: 'Dinner', name: 'Stir fry', calories: 600, protein_grams: 40, carbs_grams: 50, fats_grams: 20, logged_at: '2026-11-19T03:00:00.000Z' }],
    };
    const targets = { calories: 2000, protein: 120, carbs: 220, fats: 65 };
    const inNewYork = foodDay(eaten(foods, meals, dayIn('America/New_York')), '2026-11-18', targets);
    expect(inNewYork.meals.map((m) => m.mealTime)).to.deep.equal(['Lunch', 'Dinner', 'Snack']);
    expect(inNewYork.totals).to.deep.equal({ calories: 150 + 310 + 600, protein: 60, carbs: 90, fats: 30 });
    const entries = inNewYork.meals.flatMap((m) => m.entries);
    expect(inNewYork.totals.calories).to.equal(entries.reduce((sum, e) => sum + e.calories, 0));
    expect(foodDay(eaten(foods, meals, dayIn('UTC')), '2026-11-18', targets).totals.calories).to.equal(460);
    expect([...totalsByDay(eaten(foods, meals, dayIn('UTC')))].map(([d, totals]) => [d, totals.calories])).to.deep.equal([
      ['2026-11-18', 460],
      ['2026-11-19', 600],
    ]);
  });

  it("a day's totals are the sum of what was eaten on that calendar day of the zone, for every day and zone", () => {
    // A small linear congruential generator: the same entries on every run.
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const start = Date.parse('2026-11-16T00:00:00.000Z');
    const instants = Array.from({ length: 120 }, () => new Date(start + Math.floor(next() * 4 * 86_400_000)).toISOString());
    const foodEvents = instants.slice(0, 60).map((at, i) => {
      const day = `2026-11-${16 + Math.floor(next() * 4)}`;
      return newEvent('FoodLogged', { ...logged(`f${i}`, day, `Food ${i}`, Math.floor(next() * 900)).data, proteinGrams: Math.round(next() * 400) / 10, loggedAt: at });
    });
    const foods = projectChunks(foodLogsProjection, foodEvents, 'u1', 'entries');
    const meals: MealLogsDoc = {
      user_id: 'u1',
      logs: instants.slice(60).map((at, i) => ({ meal_log_id: `m${i}`, meal_plan_id: 'p', meal_plan_meal_id: 'pm', day_number: 1, meal_time: 'Dinner', name: 'Stir fry', calories: 100 + i, protein_grams: Math.round(next() * 500) / 10, carbs_grams: 50, fats_grams: 20, logged_at: at })),
    };
    const targets = { calories: 2000, protein: 120, carbs: 220, fats: 65 };
    for (const zone of ['UTC', 'America/New_York', 'Asia/Kolkata', 'Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const all = eaten(foods, meals, dayIn(zone));
      for (const date of ['2026-11-15', '2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20']) {
        // Worked out apart from eaten(): each food on its day as logged, each planned meal on its instant's date there.
        const ofDay = [
          ...foodEvents.filter((e) => e.data.day === date).map((e) => ({ calories: e.data.calories, protein: e.data.proteinGrams })),
          ...meals.logs.filter((l) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(l.logged_at)) === date).map((l) => ({ calories: l.calories, protein: l.protein_grams })),
        ];
        const day = foodDay(all, date, targets);
        expect(day.totals.calories, `${date} in ${zone}`).to.equal(ofDay.reduce((n, e) => n + e.calories, 0));
        expect(day.totals.protein, `${date} in ${zone}`).to.be.closeTo(ofDay.reduce((n, e) => n + e.protein, 0), 0.051);
        expect(day.meals.flatMap((m) => m.entries)).to.have.length(ofDay.length);
      }
    }
  });

  it('remembers typed foods per serving, most recent first, counting how often', () => {
    const shake = (at: string, quantity: number) =>
      newEvent('FoodLogged', { entryId: at, userId: 'u1', day: '2026-11-18', mealTime: 'Snack', ...content('Shake', 310 * quantity), quantity, proteinGrams: 12 * quantity, insteadOfMealPlanMealId: null, loggedAt: at });
    const doc = project(ownFoodsProjection, [shake('2026-11-18T08:00:00.000Z', 1), logged('x', '2026-11-18', 'Soup'), shake('2026-11-18T09:00:00.000Z', 2)]).get('u1');
    expect(doc!.foods.map((f) => [f.name, f.kcal, f.protein, f.times])).to.deep.equal([
      ['Shake', 310, 12, 2],
      ['Soup', 300, 10, 1],
    ]);
  });
});

describe('erasure of the food log', () => {
  const key = newSubjectKey();
  const stored = (event: NewEvent): RecordedEvent => ({ ...event, id: 'e1', stream: 'foodlog-u1', revision: 0, position: 1, metadata: { at: NOW } });

  it('seals the food names and portions a person typed; once the key is gone they read as forgotten, the numbers stay', () => {
    const event = newEvent('FoodLogged', { ...logged('e1', '2026-11-18', 'Aunt Mary’s lasagne', 640).data, portion: 'a big plate' });
    const sealed = stored(sealEvents('foodlog-u1', [event], () => key)[0]!);
    expect(JSON.stringify(sealed.data)).to.not.match(/Mary|lasagne|big plate/);
    expect(openEvent(sealed, () => key).data).to.deep.equal(event.data);
    const forgotten = openEvent(sealed, () => undefined).data as EventData<'FoodLogged'>;
    expect([forgotten.name, forgotten.portion]).to.deep.equal([FORGOTTEN, FORGOTTEN]);
    expect(forgotten).to.include({ calories: 640, day: '2026-11-18', mealTime: 'Lunch' });
  });
});
