import { Link } from 'react-router-dom';
import { SUBSCRIBE_PATH } from '../../shared/auth/access';
import { selectClaims } from '../../shared/auth/authSlice';
import { useAppSelector } from '../../shared/store/hooks';
import { ButtonLink } from '../../shared/ui';
import { useProfileToday } from '../../shared/profile/useProfileToday';
import './welcome.css';

const CARDS = [
  { to: '/chat', title: 'AI Chat', text: 'Ask your trainer anything and get plans written for you.' },
  { to: '/plan', title: 'Meal Plans', text: 'Day-by-day meals with calories and macros that fit your goal.' },
  { to: '/work', title: 'Workouts', text: 'Regimens built for your level, with a timer and a log.' },
  { to: '/prof', title: 'Profile', text: 'Your body, your goals and your preferences in one place.' },
];

/** docs/product.md#screens-feature-by-feature: for a signed-in user without role 3: greeting, today's date, the upsell and four feature cards. */
export default function WelcomeDashboard() {
  const claims = useAppSelector(selectClaims);
  const today = useProfileToday();
  return (
    <main className="page welcome">
      <header className="page-header">
        <p className="muted">{today}</p>
        <h1>Welcome, {claims?.name || 'there'}!</h1>
        <p>Good to see you. Here’s what your trainer can do for you.</p>
      </header>
      <section className="upsell" aria-labelledby="upsell-title">
        <div>
          <p className="upsell__eyebrow">Founding Member Plan</p>
          <h2 id="upsell-title">Unlock your full personal trainer</h2>
          <p>Unlimited AI chat, personalised workout and meal plans, progress tracking and daily reminders. Early rate from $6.99/month, locked for life.</p>
        </div>
        <ButtonLink to={SUBSCRIBE_PATH}>Subscribe Now</ButtonLink>
      </section>
      <ul className="welcome__cards">
        {CARDS.map((card) => (
          <li key={card.to}>
            <Link to={card.to} className="card welcome__card">
              <h3>{card.title}</h3>
              <p className="muted">{card.text}</p>
              <span className="welcome__go" aria-hidden="true">
                →
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
