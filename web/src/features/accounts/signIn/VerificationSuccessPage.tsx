import { useEffect, useState } from 'react';
import { signedIn } from '../../../shared/auth/authSlice';
import { useAppDispatch } from '../../../shared/store/hooks';
import { ButtonLink } from '../../../shared/ui';
import './auth.css';

/** The session the verification link's first use hands over, in the address's fragment; null when there is none. */
export const tokenInFragment = (hash: string): string | null => {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && /^[\w-]+\.[\w-]+\.[\w-]+$/.test(token) ? token : null;
};

/**
 * Where the verification link lands. Its first use signs the person in (the session comes in the fragment): the
 * page keeps it as a login does, takes it out of the address and the history, and leads on to the dashboard.
 */
export default function VerificationSuccessPage() {
  const dispatch = useAppDispatch();
  const [signedInHere, setSignedInHere] = useState(false);
  useEffect(() => {
    const token = tokenInFragment(window.location.hash);
    if (!token) return;
    window.history.replaceState(window.history.state, '', window.location.pathname);
    dispatch(signedIn(token));
    setSignedInHere(true);
  }, [dispatch]);
  return (
    <main className="auth">
      <div className="card auth__card">
        <p className="badge">E-mail verified</p>
        <h1>You’re all set!</h1>
        {signedInHere ? (
          <>
            <p className="muted">Your e-mail address is verified and you are signed in.</p>
            <ButtonLink to="/" block>
              Go to your dashboard
            </ButtonLink>
          </>
        ) : (
          <>
            <p className="muted">Your e-mail address is verified. Log in to meet your trainer.</p>
            <ButtonLink to="/login" block>
              Go to Login
            </ButtonLink>
          </>
        )}
      </div>
    </main>
  );
}
