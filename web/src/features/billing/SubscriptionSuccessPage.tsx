import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { signedIn } from '../../shared/auth/authSlice';
import { useAppDispatch } from '../../shared/store/hooks';
import { ButtonLink, Spinner } from '../../shared/ui';
import { useConfirmSubscriptionMutation } from './subscriptionApi';
import { INITIAL_PLAN_KEY } from '../../shared/initialPlan';
import './subscription.css';

const LINKS = [
  { to: '/chat', label: 'AI Chat', text: 'Talk to your trainer' },
  { to: '/plan', label: 'Meal Plans', text: 'Your starter meal plan' },
  { to: '/work', label: 'Exercises', text: 'Your starter workouts' },
  { to: '/prog', label: 'Progress', text: 'Charts and streaks' },
  { to: '/prof', label: 'Profile', text: 'Goals and subscription' },
];

/**
 * docs/product.md#how-things-change: on arrival with a session_id the app confirms it; on success it stores the new token (role 3) and
 * marks the initial plan as generated. A failed confirmation is only logged (docs/product.md#what-the-user-is-told-when-something-fails).
 */
export default function SubscriptionSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const [confirm] = useConfirmSubscriptionMutation();
  const dispatch = useAppDispatch();
  const [confirming, setConfirming] = useState(!!sessionId);
  const asked = useRef(false);

  useEffect(() => {
    if (!sessionId || asked.current) return;
    asked.current = true;
    void confirm(sessionId).then((result) => {
      if (result.data?.token) {
        dispatch(signedIn(result.data.token));
        localStorage.setItem(INITIAL_PLAN_KEY, 'true');
      } else if (result.error) console.error('subscription confirmation failed', result.error);
      setConfirming(false);
    });
  }, [sessionId, confirm, dispatch]);

  if (confirming) return <Spinner label="Confirming your subscription…" />;
  return (
    <main className="page page--narrow subscription">
      <div className="card subscription__card">
        <span className="subscription__check" aria-hidden="true">
          ✓
        </span>
        <h1>You’re a Founding Member!</h1>
        <p>Thank you for subscribing. Your early-access rate is locked in for life.</p>
        <p className="alert alert--info">Your trainer is generating your starter meal and workout plans right now. They’ll be ready in a moment.</p>
        <h2>Where to next</h2>
        <ul className="subscription__links">
          {LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to}>
                <strong>{link.label}</strong>
                <span className="muted">{link.text}</span>
              </Link>
            </li>
          ))}
        </ul>
        <div className="row">
          <ButtonLink to="/dashboard">Go to Dashboard</ButtonLink>
          <ButtonLink to="/prof" variant="secondary">
            View Profile
          </ButtonLink>
        </div>
      </div>
    </main>
  );
}
