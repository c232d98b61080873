import { KG_PER_LB, type WeightUnit } from '../../../contract/weightUnits';
import { useGetProfileQuery } from './profile/profileQuery';

/**
 * The person's units, on every screen: metric (cm and kg) or imperial (inches and lb), as chosen at sign-up or on
 * the profile. The server keeps heights in inches and body weights in pounds (the spec's fields); every screen shows
 * and takes them in the person's unit through these, so 85 kg is never shown as 187 lb.
 */
export type { WeightUnit };

/** The inch, exactly. */
export const CM_PER_IN = 2.54;

const tenth = (n: number) => Math.round(n * 10) / 10;
/** Two decimals: what is sent, so a figure typed in kg or cm reads back as typed. */
const hundredth = (n: number) => Math.round(n * 100) / 100;

/** The unit the person chose (lb until they choose). */
export function useUnit(): WeightUnit {
  const { data } = useGetProfileQuery();
  return data?.units === 'kg' ? 'kg' : 'lb';
}

/**
 * The unit a browser's language suggests before the person has chosen: imperial where it is the everyday unit (the
 * United States, Liberia, Myanmar), metric elsewhere. A language with no region is read as its usual one: English
 * as imperial (most who set plain "en" are in the United States), any other as metric; nothing known, imperial.
 */
export function unitOfLocale(language: string | undefined): WeightUnit {
  const tag = /^([a-z]{2,3})(?:[-_]([a-z]{2}|\d{3}))?\b/i.exec(language ?? '');
  if (!tag) return 'lb';
  const region = tag[2]?.toUpperCase();
  if (region) return ['US', 'LR', 'MM'].includes(region) ? 'lb' : 'kg';
  return tag[1]!.toLowerCase() === 'en' ? 'lb' : 'kg';
}

/** The unit this browser's language suggests; imperial where there is no browser (a page rendered ahead). */
export const browserUnit = (): WeightUnit => unitOfLocale(typeof navigator === 'undefined' ? undefined : navigator.language);

/** A body weight kept in pounds, as a number in `unit`, to a tenth. */
export const weightIn = (lb: number, unit: WeightUnit) => tenth(unit === 'kg' ? lb * KG_PER_LB : lb);
/** A body weight kept in pounds, written in `unit` ("85 kg"); `--` when there is none. */
export const weightText = (lb: number | null | undefined, unit: WeightUnit) => (lb == null ? '--' : `${weightIn(lb, unit)} ${unit}`);
/** A weight typed in `unit`, in the pounds the server keeps. */
export const lbFrom = (value: number, unit: WeightUnit) => hundredth(unit === 'kg' ? value / KG_PER_LB : value);

/** The height unit that goes with a weight unit. */
export const heightUnit = (unit: WeightUnit) => (unit === 'kg' ? 'cm' : 'inches');
/** A height kept in inches, as a number in the person's height unit (whole cm, or inches to a tenth). */
export const heightIn = (inches: number, unit: WeightUnit) => (unit === 'kg' ? Math.round(inches * CM_PER_IN) : tenth(inches));
/** A height typed in the person's height unit, in the inches the server keeps. */
export const inchesFrom = (value: number, unit: WeightUnit) => hundredth(unit === 'kg' ? value / CM_PER_IN : value);
