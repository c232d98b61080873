import { ButtonLink } from '../../../shared/ui';
import './auth.css';

export default function VerificationSuccessPage() {
  return (
    <main className="auth">
      <div className="card auth__card">
        <p className="badge">E-mail verified</p>
        <h1>You’re all set!</h1>
        <p className="muted">Your e-mail address is verified. Log in to meet your trainer.</p>
        <ButtonLink to="/login" block>
          Go to Login
        </ButtonLink>
      </div>
    </main>
  );
}
