import { byMonthOf } from '../chunks.js';
import type { EventData } from '../../../../events/catalog.js';
import { erasesAccount, type Projection } from '../projection.js';
import type { OwnFoodServing } from '../../../../contract/nutrition/foodLogAnswer.js';

/**
 * A food eaten, as logged (and not taken back): the FoodLogged event's own fields, kept as they are (no renaming to
 * copy field by field). `day` is the person's calendar day it counts for.
 */
export type FoodEntryView = Omit<EventData<'FoodLogged'>, 'userId'>;

/** A user's food log entries of one month of days (chunks.ts), in the order logged. */
export interface FoodLogsDoc {
  user_id: string;
  entries: FoodEntryView[];
}

export const foodLogsProjection: Projection<FoodLogsDoc> = {
  name: 'foodLogs',
  // 2: entries are the event's fields (camel case) rather than a snake-case copy of them.
  version: 2,
  handles: ['FoodLogged', 'FoodLogEntryDeleted', 'AccountDeleted'],
  erases: erasesAccount,
  key: byMonthOf('day'),
  evolve(doc, event) {
    switch (event.type) {
      case 'FoodLogged': {
        const { userId, ...entry } = event.data;
        return { user_id: userId, entries: [...(doc?.entries ?? []).filter((e) => e.entryId !== entry.entryId), entry] };
      }
      case 'FoodLogEntryDeleted':
        return doc && { ...doc, entries: doc.entries.filter((entry) => entry.entryId !== event.data.entryId) };
      default:
        return doc;
    }
  },
};

/** One serving of a food the person typed, how often and when they last logged it (stored in the log's snake case). */
export interface OwnFoodView extends OwnFoodServing {
  last_used: string;
}

/** The foods a person typed (custom entries), newest first: what "recent" and "frequent" offer again. */
export interface OwnFoodsDoc {
  user_id: string;
  foods: OwnFoodView[];
}

/** How many typed foods are remembered per person: the oldest goes past it. */
export const OWN_FOODS_KEPT = 200;

export const ownFoodsProjection: Projection<OwnFoodsDoc> = {
  name: 'ownFoods',
  handles: ['FoodLogged', 'AccountDeleted'],
  erases: erasesAccount,
  key: (event) => (event.data as { userId: string }).userId,
  evolve(doc, event) {
    if (event.type !== 'FoodLogged' || event.data.kind !== 'custom') return doc;
    const d = event.data;
    const per = (n: number) => Math.round((n / (d.quantity || 1)) * 10) / 10;
    const earlier = doc?.foods.find((food) => food.name.toLowerCase() === d.name.toLowerCase());
    const food: OwnFoodView = {
      name: d.name,
      kcal: Math.round(d.calories / (d.quantity || 1)),
      protein: per(d.proteinGrams),
      carbs: per(d.carbsGrams),
      fats: per(d.fatsGrams),
      times: (earlier?.times ?? 0) + 1,
      last_used: d.loggedAt,
    };
    const others = (doc?.foods ?? []).filter((f) => f !== earlier);
    return { user_id: d.userId, foods: [food, ...others].slice(0, OWN_FOODS_KEPT) };
  },
};
