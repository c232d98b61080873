import { useGetProfileQuery } from '../../../shared/profile/profileQuery';
import type { WeightUnit } from './units';

/** The unit the user chose on /prof (lb until they choose). */
export function useUnits(): WeightUnit {
  const { data } = useGetProfileQuery();
  return data?.units === 'kg' ? 'kg' : 'lb';
}
