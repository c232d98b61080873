/**
 * The units a weight is entered in. Imports nothing, so the web client and the server's answer types share it without
 * taking anything else of the server.
 */
export const WEIGHT_UNITS = ['lb', 'kg'] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];
