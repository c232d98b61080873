/** The screenshots of the gallery, drawn as small styled panels (no image files): chat, dashboard, meals. */
export type Shot = 'chat' | 'dashboard' | 'meals';

export const SHOTS: { id: Shot; title: string; caption: string }[] = [
  { id: 'chat', title: 'AI trainer chat', caption: 'Ask anything, get a plan back in seconds.' },
  { id: 'dashboard', title: 'Your dashboard', caption: 'Today’s workout, meals and streak at a glance.' },
  { id: 'meals', title: 'Meal plans', caption: 'Day-by-day meals with calories and macros.' },
];

export function Mockup({ shot }: { shot: Shot }) {
  if (shot === 'chat')
    return (
      <div className="mock mock--chat" aria-hidden="true">
        <div className="mock__bar" />
        <p className="mock__bubble mock__bubble--me">I have 30 minutes and no equipment. What should I do today?</p>
        <p className="mock__bubble">Here’s a 30-minute full-body circuit: squats 3×12, push-ups 3×10, lunges 3×10 each leg, plank 3×40 s. Want me to save it as a plan?</p>
        <p className="mock__bubble mock__bubble--me">Yes, save it!</p>
        <div className="mock__input" />
      </div>
    );
  if (shot === 'dashboard')
    return (
      <div className="mock mock--dash" aria-hidden="true">
        <div className="mock__bar" />
        <div className="mock__tiles">
          <div className="mock__tile">
            <span>Weight</span>
            <strong>172 lb</strong>
            <i className="mock__meter">
              <b className="mock__fill--62" />
            </i>
          </div>
          <div className="mock__tile">
            <span>Body fat</span>
            <strong>24%</strong>
            <i className="mock__meter">
              <b className="mock__fill--40" />
            </i>
          </div>
        </div>
        <div className="mock__week">
          {['M', 'T', 'W', 'T', 'F', 'S', 'S'].map((d, i) => (
            <span key={i} className={i < 4 ? 'on' : ''}>
              {d}
            </span>
          ))}
        </div>
        <div className="mock__chart">
          {/* Heights in landing.css (.mock__chart b:nth-child): the page is prerendered and the CSP allows no style attribute. */}
          {[0, 1, 2, 3, 4, 5, 6].map((i) => (
            <b key={i} />
          ))}
        </div>
      </div>
    );
  return (
    <div className="mock mock--meals" aria-hidden="true">
      <div className="mock__bar" />
      {[
        ['Breakfast', 'Greek yogurt, berries, oats', '410 kcal'],
        ['Lunch', 'Chicken quinoa bowl', '620 kcal'],
        ['Dinner', 'Salmon, rice, greens', '690 kcal'],
        ['Snack', 'Apple and almond butter', '220 kcal'],
      ].map(([when, what, kcal]) => (
        <div key={when} className="mock__meal">
          <span>{when}</span>
          <strong>{what}</strong>
          <em>{kcal}</em>
        </div>
      ))}
    </div>
  );
}
