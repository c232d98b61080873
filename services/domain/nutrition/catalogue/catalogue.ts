import { readFileSync } from 'node:fs';
import type { Allergen, Source } from '../foods.js';

/** A household measure of a catalogue food: "1 slice" and its grams. */
export interface Portion {
  label: string;
  grams: number;
}

/** A food of the catalogue (foods.tsv, see SOURCES.md): energy and macros per 100 g, and its household measures. */
export interface CatalogueFood {
  id: string;
  name: string;
  kcal: number;
  protein: number;
  carbs: number;
  fat: number;
  source: Source;
  allergens: Allergen[];
  /** Its household measures, then 100 g, which every food has. */
  portions: Portion[];
}

/** Every food can be logged by weight. */
export const BY_WEIGHT: Portion = { label: '100 g', grams: 100 };

const parsePortions = (cell: string): Portion[] =>
  cell
    ? cell.split('|').map((part) => {
        const at = part.lastIndexOf(':');
        return { label: part.slice(0, at), grams: Number(part.slice(at + 1)) };
      })
    : [];

/** The catalogue from its text (foods.tsv's columns, a header line first). */
export function parseCatalogue(text: string): CatalogueFood[] {
  return text
    .split('\n')
    .slice(1)
    .filter(Boolean)
    .map((line) => {
      const [id = '', name = '', kcal, protein, carbs, fat, source, allergens = '', portions = ''] = line.split('\t');
      return {
        id,
        name,
        kcal: Number(kcal),
        protein: Number(protein),
        carbs: Number(carbs),
        fat: Number(fat),
        source: source as Source,
        allergens: (allergens ? allergens.split(',') : []) as Allergen[],
        portions: [...parsePortions(portions), BY_WEIGHT],
      };
    });
}

let loaded: { foods: CatalogueFood[]; byId: Map<string, CatalogueFood> } | undefined;

/** The bundled catalogue, read from its file once, the first time any part of the app needs it. */
export function catalogue() {
  if (!loaded) {
    const foods = parseCatalogue(readFileSync(new URL('./foods.tsv', import.meta.url), 'utf8'));
    loaded = { foods, byId: new Map(foods.map((food) => [food.id, food])) };
  }
  return loaded;
}

export const catalogueFood = (id: string): CatalogueFood | undefined => catalogue().byId.get(id);

/** A portion of a food by its label, in any case; undefined when the food has no such measure. */
export const portionOf = (food: CatalogueFood, label: string): Portion | undefined =>
  food.portions.find((portion) => portion.label.toLowerCase() === label.trim().toLowerCase());

const round1 = (n: number) => Math.round(n * 10) / 10;

/** What `quantity` of a portion of a food counts for: calories and macros, to a tenth. */
export function amountsOf(food: Pick<CatalogueFood, 'kcal' | 'protein' | 'carbs' | 'fat'>, grams: number, quantity: number) {
  const factor = (grams * quantity) / 100;
  return {
    calories: Math.round(food.kcal * factor),
    proteinGrams: round1(food.protein * factor),
    carbsGrams: round1(food.carbs * factor),
    fatsGrams: round1(food.fat * factor),
  };
}
