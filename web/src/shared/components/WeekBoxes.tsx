const DAYS = [
  ['M', 'Monday'],
  ['T', 'Tuesday'],
  ['W', 'Wednesday'],
  ['T', 'Thursday'],
  ['F', 'Friday'],
  ['S', 'Saturday'],
  ['S', 'Sunday'],
] as const;

/**
 * The spec's seven login boxes, Monday to Sunday, filled on the days the person showed up: used the app signed in
 * (docs/product.md#screens-feature-by-feature, docs/adr/0097-a-streak-counts-the-days-a-person-showed-up.md).
 */
export function WeekBoxes({ logins }: { logins: boolean[] }) {
  return (
    <ol className="week-boxes" aria-label="Days shown up this week">
      {DAYS.map(([letter, day], i) => (
        <li key={day} className={logins[i] ? 'week-box week-box--on' : 'week-box'} aria-label={`${day}: ${logins[i] ? 'showed up' : 'not yet'}`}>
          <span aria-hidden="true">{letter}</span>
        </li>
      ))}
    </ol>
  );
}
