import type { WeightUnit } from '../../../../contract/weightUnits.js';

/** Fewer weighed sets than this say too little of their unit to infer it. */
const FEWEST_SETS = 5;
/** A working weight this heavy is a pound's: the heaviest lifts ever made in kg stay below it. */
const HEAVIER_THAN_KG_LIFTS = 510;

/** A weight on a kilogram step a pound gym seldom has: 22.5 or 62.5 (2.5 kg plates), 61.25 (1.25), 12 to 48 by 2 (dumbbells, kettlebells). */
const onKiloStep = (w: number) => (w % 2.5 === 0 && w % 5 !== 0) || (w % 1.25 === 0 && w % 2.5 !== 0) || (Number.isInteger(w) && w % 2 === 0 && w % 5 !== 0 && w > 10 && w < 50);

/**
 * The unit a file's weights are in, where the file does not say, read from the weights themselves; undefined when
 * they would fit either. Gyms load in their unit's steps: a pound bar (45 lb) takes pairs of 5 to 45 lb plates, so
 * every load on it ends in 5 (135, 185, 225), while kilogram loads end in 0 and in 5 alike and often fall on the
 * steps of 2.5 and 1.25 kg plates and 2 kg dumbbells (`onKiloStep`). A weight heavier than anyone lifts in kg is in
 * pounds.
 */
export function inferUnit(weights: readonly number[]): { unit: WeightUnit; why: string } | undefined {
  const weighed = weights.filter((w) => w > 0);
  if (weighed.length < FEWEST_SETS) return undefined;
  const heaviest = Math.max(...weighed);
  if (heaviest > HEAVIER_THAN_KG_LIFTS) return { unit: 'lb', why: `a weight of ${heaviest} is heavier than anyone lifts in kg, so the weights are read in lb.` };
  let kilo = 0;
  let fives = 0;
  let tens = 0;
  for (const w of weighed) {
    if (onKiloStep(w)) kilo += 1;
    else if (w % 10 === 5) fives += 1;
    else if (w % 10 === 0) tens += 1;
  }
  const kiloShare = kilo / weighed.length;
  const fiveShare = fives + tens === 0 ? 0 : fives / (fives + tens);
  const inFives = fives + tens;
  const fivesSaid =
    inFives === 0 ? '' : inFives === 1 ? `, and the one load in steps of 5 ${fives === 1 ? 'ends' : 'does not end'} in 5 as pound loads do (135, 225)` : `, and ${fives === 0 ? 'none' : fives} of the ${inFives} loads in steps of 5 end in 5 as pound loads do (135, 225)`;
  const steps = `${kilo === 0 ? 'none' : kilo} of ${weighed.length} weighed sets are on kilogram steps (like 22.5, 61.25 or 16)${fivesSaid}`;
  if (kiloShare >= 0.12 && fiveShare < 0.7) return { unit: 'kg', why: `${steps}, so the weights are read in kg.` };
  if (kiloShare < 0.08 && fiveShare >= 0.6) return { unit: 'lb', why: `${steps}, so the weights are read in lb.` };
  return undefined;
}
