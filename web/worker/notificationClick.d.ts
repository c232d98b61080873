/** The types of notificationClick.js, for its unit test (the worker itself is plain JavaScript). */
export function notificationClickPlan(
  url: unknown,
  origin: string,
  windows: { url: string; focused?: boolean }[],
): { target: string; action: 'focus' | 'navigate' | 'open'; index: number };
