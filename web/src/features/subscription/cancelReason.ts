/** Spec §5's cancellation reasons; 'Other' carries free text. */
export const CANCEL_REASONS = [
  "It's too expensive for me right now ($6.99/month).",
  "The features aren't meeting my needs.",
  "I'm not using the product as much as I expected.",
  'I found a better alternative.',
] as const;
export const OTHER = 'Other';

/** The reason as sent: an empty Other goes as 'Other (no details)' (spec §5). */
export function cancelReason(choice: string, otherText: string): string {
  if (choice !== OTHER) return choice;
  const text = otherText.trim();
  return text ? text : 'Other (no details)';
}
