import { KG_PER_LB, type WeightUnit } from '../../../contract/weightUnits.js';

/** The replies, as plain text with short paragraphs and "- " bullets (the chat shows text). */
export const paragraphs = (...parts: Array<string | null | undefined | false>) => parts.filter(Boolean).join('\n\n');

/** "1 day", "3 days". */
export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The unit the person chose for weights (docs/adr/0372): the profile's, pounds where none was chosen (accounts from
 * before the choice, kept in the spec's pounds). Every load and body weight a reply writes is in it.
 */
export const unitOf = (profile: { units?: WeightUnit | null }): WeightUnit => profile.units ?? 'lb';

/** A body weight kept in pounds, in the person's unit: "85 kg", "187 lb". */
export const bodyWeight = (lb: number, unit: WeightUnit) => (unit === 'kg' ? `${Math.round(lb * KG_PER_LB)} kg` : `${Math.round(lb)} lb`);
