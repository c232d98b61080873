import { OTHER_WITHOUT_DETAILS } from '../../../../contract/billing/cancellationReasons';

export const OTHER = 'Other';

/** The reason as sent: an empty Other goes as 'Other (no details)' (docs/product.md#what-input-is-accepted). */
export function cancelReason(choice: string, otherText: string): string {
  if (choice !== OTHER) return choice;
  return otherText.trim() || OTHER_WITHOUT_DETAILS;
}
