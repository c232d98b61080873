import type { SelectHTMLAttributes } from 'react';
import { Select } from '../ui';

/**
 * A select over a list of options (features/accounts/options.ts), as the sign-up and profile forms ask them; `none` labels a first
 * choice of nothing (sent empty), for a field that may be left unsaid.
 */
export function OptionSelect({
  options,
  none,
  ...rest
}: SelectHTMLAttributes<HTMLSelectElement> & { options: ReadonlyArray<{ value: string; label: string }>; none?: string }) {
  return (
    <Select {...rest}>
      {none !== undefined && <option value="">{none}</option>}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </Select>
  );
}
