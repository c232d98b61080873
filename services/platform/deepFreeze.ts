/**
 * Freezes a plain JSON-like value and everything in it, in place: for values that many readers share from a cache,
 * so one that changed its copy in place would throw instead of changing everyone's. Parts already frozen are not
 * walked again, so freezing a state that grew from a frozen one costs only its new parts.
 */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
