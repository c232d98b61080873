const DAYS = [
  ['M', 'Monday'],
  ['T', 'Tuesday'],
  ['W', 'Wednesday'],
  ['T', 'Thursday'],
  ['F', 'Friday'],
  ['S', 'Saturday'],
  ['S', 'Sunday'],
] as const;

/** Seven login boxes, Monday to Sunday, filled on the days the user logged in (docs/product.md#screens-feature-by-feature, docs/product.md#numbers-and-constants). */
export function WeekBoxes({ logins }: { logins: boolean[] }) {
  return (
    <ol className="week-boxes" aria-label="Logins this week">
      {DAYS.map(([letter, day], i) => (
        <li key={day} className={logins[i] ? 'week-box week-box--on' : 'week-box'} aria-label={`${day}: ${logins[i] ? 'logged in' : 'no login'}`}>
          <span aria-hidden="true">{letter}</span>
        </li>
      ))}
    </ol>
  );
}
