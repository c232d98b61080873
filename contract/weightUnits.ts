/**
 * The units a weight is entered in, and the one pound. Imports nothing, so the web client and the server's answer types share it without
 * taking anything else of the server.
 */
export const WEIGHT_UNITS = ['lb', 'kg'] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];

/** The international avoirdupois pound, exactly. */
export const KG_PER_LB = 0.45359237;

/**
 * A weight in pounds, for comparing and summing sets entered in either unit. What is stored is the number the user
 * entered and its unit: converting only on the way out means 100 kg stays 100 kg however often the user switches.
 */
export const lbOf = (weight: number, unit: WeightUnit) => (unit === 'kg' ? weight / KG_PER_LB : weight);
