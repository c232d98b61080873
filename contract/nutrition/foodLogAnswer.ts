/** What GET /api/foods, GET /api/foods/mine and GET /api/food-log answer (docs/capabilities/nutrition.md). */

export interface FoodPortion {
  label: string;
  grams: number;
}

/** A catalogue food: energy and macros per 100 g, and its household measures (100 g last, always there). */
export interface FoodFound {
  id: string;
  name: string;
  per100g: { kcal: number; protein: number; carbs: number; fats: number };
  portions: FoodPortion[];
}

export interface FoodSearchAnswer {
  foods: FoodFound[];
}

/** A food the person typed, as remembered for them: what one serving counts for, and how often they logged it. */
export interface OwnFoodServing {
  name: string;
  kcal: number;
  protein: number;
  carbs: number;
  fats: number;
  times: number;
}

export interface OwnFood extends OwnFoodServing {
  lastUsed: string;
}

export interface OwnFoodsAnswer {
  recent: OwnFood[];
  frequent: OwnFood[];
}

export interface Macros {
  calories: number;
  protein: number;
  carbs: number;
  fats: number;
}

/** One thing eaten on the day: a food logged, or a planned meal logged from the dashboard. */
export interface FoodDayEntry extends Macros {
  /** The food log's entry id; null for a planned meal (taken back with the dashboard's undo). */
  entryId: string | null;
  mealTime: string;
  name: string;
  portion: string;
  quantity: number;
  kind: 'catalogue' | 'custom' | 'quick' | 'planned';
  foodId: string | null;
  /** The planned meal this was eaten in place of. */
  insteadOf: string | null;
  loggedAt: string;
}

export interface FoodDayAnswer {
  date: string;
  meals: Array<{ mealTime: string; entries: FoodDayEntry[]; totals: Macros }>;
  totals: Macros;
  targets: Macros;
}
