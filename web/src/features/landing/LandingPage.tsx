import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PRODUCT } from '../../shared/brand';
import { isEmail } from '../../shared/email';
import { Button, Dialog, Field, Input } from '../../shared/ui';
import { rememberPlan } from '../../shared/chosenPlan';
import { countEarlyAccessClick, joinWaitlist, type EarlyAccessPlan } from './landingApi';
import { Mockup, SHOTS, type Shot } from './Mockups';
import './landing.css';

/** docs/product.md#screens-feature-by-feature and docs/product.md#numbers-and-constants: the hero's line rotates every 2.2 s through these four. */
export const TAGLINES = ['gets it.', 'listens.', 'adapts.', 'cares.'];
export const TAGLINE_MS = 2200;

const FEATURES = [
  { title: 'AI trainer chat', text: 'Talk to your trainer any time. Ask questions, get answers in plain words.' },
  { title: 'Workout plans', text: 'Regimens built around your goal, your level and the days you can train.' },
  { title: 'Meal plans', text: 'Day-by-day meals with calories and macros that respect your diet and allergies.' },
  { title: 'Session timer', text: 'Start, pause and finish workouts with a timer that keeps count for you.' },
  { title: 'Exercise log', text: 'Log sets, reps and weight, and see every past session in one place.' },
  { title: 'Progress charts', text: 'Weight, body composition, workouts and calories, charted over time.' },
  { title: 'Daily reminders', text: 'A gentle nudge each morning with today’s workout and your next meal.' },
  { title: 'Beginner friendly', text: 'No jargon, no judgement. Start where you are and build from there.' },
];

const REALITY = ['Busy schedules', 'No gym needed', 'Real-life budgets', 'Starting from zero'];

const PLANS: { id: EarlyAccessPlan; name: string; price: string; per: string; regular: string; save: string }[] = [
  { id: 'monthly', name: 'Monthly', price: '$6.99', per: '/month', regular: '$8.99', save: 'save 22 percent for life' },
  { id: 'annual', name: 'Annual', price: '$74.99', per: '/year', regular: '$79.99', save: 'save 21 percent' },
];

type WaitlistState = { status: 'idle' | 'loading' } | { status: 'ok' | 'err'; text: string };

function RotatingTagline() {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setIndex((i) => (i + 1) % TAGLINES.length), TAGLINE_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    // The cell is as wide as the widest line (its hidden ::after holds them all, landing.css), so a shorter or longer
    // line never wraps the title differently and moves the page below it.
    <span className="hero__rotation" data-room={TAGLINES.join('\n')}>
      {/* The first line is painted at once (it is the page's largest text); later ones rise in. */}
      <span className={index === 0 ? 'hero__rotator' : 'hero__rotator hero__rotator--next'} key={index} data-testid="tagline">
        {TAGLINES[index]}
      </span>
    </span>
  );
}

function WaitlistForm() {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<WaitlistState>({ status: 'idle' });
  const [invalid, setInvalid] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!value) return setInvalid('Please enter your e-mail address.');
    if (!isEmail(value)) return setInvalid('Please enter a valid e-mail address.');
    setInvalid(undefined);
    setState({ status: 'loading' });
    const answer = await joinWaitlist(value);
    if (answer.ok) {
      setState({ status: 'ok', text: "You're on the list! We'll email you when we launch." });
      setEmail('');
    } else if (answer.network) setState({ status: 'err', text: 'Network error. Please try again.' });
    else setState({ status: 'err', text: answer.error ?? 'Something went wrong. Please try again.' });
  };

  return (
    <form className="waitlist" onSubmit={submit} noValidate aria-labelledby="waitlist-title">
      <h2 id="waitlist-title">Not ready yet? Join the waitlist</h2>
      <p>We’ll e-mail you once, when we launch. No spam.</p>
      <div className="waitlist__row">
        <Field label="E-mail address" error={invalid} className="waitlist__field">
          <Input type="email" autoComplete="email" placeholder="you@example.com" value={email} onChange={(e) => setEmail(e.target.value)} />
        </Field>
        <Button type="submit" busy={state.status === 'loading'}>
          {state.status === 'loading' ? 'Joining…' : 'Join the waitlist'}
        </Button>
      </div>
      <div aria-live="polite">
        {state.status === 'ok' && <p className="alert alert--success">{state.text}</p>}
        {state.status === 'err' && <p className="alert alert--error">{state.text}</p>}
      </div>
    </form>
  );
}

export default function LandingPage() {
  const navigate = useNavigate();
  const [enlarged, setEnlarged] = useState<Shot>();
  const shot = SHOTS.find((s) => s.id === enlarged);

  const joinEarlyAccess = (plan: EarlyAccessPlan) => {
    countEarlyAccessClick(plan);
    rememberPlan(plan === 'annual' ? 'annually' : 'monthly');
    void navigate('/signup');
  };

  return (
    <div className="landing">
      <main>
        <section className="hero">
          <div className="hero__inner">
            <p className="hero__eyebrow">Your AI personal trainer</p>
            <h1 className="hero__title">
              A trainer that <RotatingTagline />
            </h1>
            <p className="hero__lead">Workouts, meals and progress in one place, planned around your life by a coach that is there every day, for beginners too.</p>
            <div className="row">
              <Button onClick={() => document.getElementById('early-access')?.scrollIntoView({ behavior: 'smooth' })}>Try {PRODUCT}</Button>
              <Link className="btn btn--ghost hero__ghost" to="/login">
                I already have an account
              </Link>
            </div>
          </div>
          <div className="hero__art" aria-hidden="true">
            <Mockup shot="dashboard" />
          </div>
        </section>

        <section className="section" aria-labelledby="features-title">
          <h2 id="features-title" className="section__title">
            Everything a personal trainer does
          </h2>
          <ul className="features">
            {FEATURES.map((f, i) => (
              <li key={f.title} className="feature card">
                <span className="feature__num" aria-hidden="true">
                  {String(i + 1).padStart(2, '0')}
                </span>
                <h3>{f.title}</h3>
                <p>{f.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section className="section" aria-labelledby="shots-title">
          <h2 id="shots-title" className="section__title">
            See it in action
          </h2>
          <ul className="shots">
            {SHOTS.map((s) => (
              <li key={s.id} className="shot">
                <button type="button" className="shot__button" onClick={() => setEnlarged(s.id)}>
                  <Mockup shot={s.id} />
                  <span className="shot__zoom">Enlarge {s.title.toLowerCase()}</span>
                </button>
                <h3>{s.title}</h3>
                <p className="muted">{s.caption}</p>
              </li>
            ))}
          </ul>
          <Dialog open={!!shot} onClose={() => setEnlarged(undefined)} title={shot?.title ?? ''} wide>
            {shot && (
              <>
                <p className="muted">{shot.caption}</p>
                <div className="shot__large">
                  <Mockup shot={shot.id} />
                </div>
              </>
            )}
          </Dialog>
        </section>

        <section className="section reality" aria-labelledby="reality-title">
          <h2 id="reality-title">Built for the reality</h2>
          <p>Of full calendars, small apartments and Monday restarts. Your plan bends so you don’t break.</p>
          <ul className="pills">
            {REALITY.map((pill) => (
              <li key={pill} className="pill">
                {pill}
              </li>
            ))}
          </ul>
        </section>

        <section className="section" id="early-access" aria-labelledby="plans-title" tabIndex={-1}>
          <h2 id="plans-title" className="section__title">
            Founding Member Plan
          </h2>
          <p className="section__lead">Join early and keep the early rate for life. Cancel anytime.</p>
          <div className="plans">
            {PLANS.map((plan) => (
              <article key={plan.id} className={plan.id === 'annual' ? 'plan card plan--best' : 'plan card'} aria-labelledby={`plan-${plan.id}`}>
                <h3 id={`plan-${plan.id}`}>{plan.name}</h3>
                <p className="plan__price">
                  <strong>{plan.price}</strong>
                  <span>{plan.per}</span>
                </p>
                <p className="plan__regular">
                  Regular price later <s>{plan.regular}</s>
                </p>
                <p className="badge">{plan.save}</p>
                <ul className="plan__list">
                  <li>AI trainer chat, unlimited</li>
                  <li>Workout and meal plans</li>
                  <li>Progress tracking and reminders</li>
                  <li>Early rate locked for life</li>
                </ul>
                <Button block onClick={() => joinEarlyAccess(plan.id)} aria-label={`Join Early Access, ${plan.name} plan`}>
                  Join Early Access
                </Button>
              </article>
            ))}
          </div>
          <div className="card waitlist-card">
            <WaitlistForm />
          </div>
        </section>

        <section className="section quote" aria-label="Quote">
          <blockquote>
            <p>“The best workout is the one you actually do. We built a trainer that meets you where you are, every single day.”</p>
            <footer>— The {PRODUCT} team</footer>
          </blockquote>
        </section>
      </main>
      <footer className="site-footer">
        <span>
          © {new Date().getFullYear()} {PRODUCT}
        </span>
        <nav aria-label="Footer" className="row">
          <Link to="/privacy">Privacy</Link>
          <Link to="/terms">Terms</Link>
          <a href="mailto:support@kinetic.example">Contact</a>
        </nav>
      </footer>
    </div>
  );
}
