import type { ProfileAnswer } from '../../../../contract/accounts/profileAnswer';

type Needs = Pick<ProfileAnswer, 'diet_type' | 'diet_restrictions' | 'equipment' | 'units'>;

const ASKS: Array<[keyof Needs, string]> = [
  ['diet_type', 'your diet (or "no special diet")'],
  ['diet_restrictions', 'any food allergies'],
  ['equipment', 'where you train (a gym, home with dumbbells, or body weight only)'],
];

const list = (parts: string[]) => (parts.length <= 1 ? parts.join('') : `${parts.slice(0, -1).join(', ')}, and ${parts.at(-1)}`);

/**
 * What the first chat asks of the person: whichever of diet, allergies and equipment the profile does not have (said
 * in chat, each binds every plan after it), and whether units are still to be set (a profile setting, so the chat
 * points there rather than asking). Null when nothing is missing; everything when the profile is not read yet.
 */
export function firstAsk(profile: Needs | undefined): { question: string | null; unitsMissing: boolean } | null {
  const missing = ASKS.filter(([field]) => !profile?.[field]).map(([, words]) => words);
  const unitsMissing = !profile?.units;
  if (missing.length === 0 && !unitsMissing) return null;
  return { question: missing.length > 0 ? `First, tell me ${list(missing)}, and every plan I write will keep to it.` : null, unitsMissing };
}
