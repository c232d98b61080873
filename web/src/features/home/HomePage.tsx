import { Link } from 'react-router-dom';
import { PRODUCT } from '../../shared/brand';
import { ButtonLink } from '../../shared/ui';
import './home.css';

const CARDS = [
  { title: 'Smart Workouts', text: 'Plans that match your level and your week, and a timer and log for every session.' },
  { title: 'Nutrition Guidance', text: 'Meal plans with calories and macros that respect your diet and allergies.' },
  { title: 'Progress Tracking', text: 'Weight, body composition and workouts charted, with streaks that keep you going.' },
];

/** docs/product.md#screens-feature-by-feature's visitor home (app/ shows a signed-in person their dashboard instead): meet the trainer, Get Started / Login, three feature cards, consent and copyright. */
export default function HomePage() {
  return (
    <div className="home">
      <main>
        <section className="home__hero">
          <h1>Meet your AI personal trainer</h1>
          <p>A coach that plans your workouts and meals, answers your questions and keeps you on track, every day.</p>
          <div className="row home__cta">
            <ButtonLink to="/signup">Get Started</ButtonLink>
            <ButtonLink to="/login" variant="secondary">
              Login
            </ButtonLink>
          </div>
        </section>
        <ul className="home__cards page">
          {CARDS.map((card) => (
            <li key={card.title} className="card">
              <h2>{card.title}</h2>
              <p className="muted">{card.text}</p>
            </li>
          ))}
        </ul>
      </main>
      <footer className="site-footer home__footer">
        <p>
          By using {PRODUCT} you agree to our <Link to="/privacy">privacy policy</Link> and <Link to="/terms">terms of service</Link>.
        </p>
        <p>
          © {new Date().getFullYear()} {PRODUCT}. All rights reserved.
        </p>
      </footer>
    </div>
  );
}
