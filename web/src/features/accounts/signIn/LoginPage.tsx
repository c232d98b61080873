import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ACCOUNT_DELETED, signedIn } from '../../../shared/auth/authSlice';
import { useAppDispatch } from '../../../shared/store/hooks';
import { Button, ButtonLink, Field, Input } from '../../../shared/ui';
import { useLoginMutation } from './authApi';
import { failureText } from './failureText';
import { ResendVerification } from './ResendVerification';
import './auth.css';

/** docs/product.md#screens-feature-by-feature and docs/product.md#what-input-is-accepted: e-mail or username and password, both required, the browser's own checks off. */
export default function LoginPage() {
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ identifier?: string; password?: string }>({});
  const [failure, setFailure] = useState<string>();
  /** The identifier of a login refused because its address is not verified yet (403): a new link is offered. */
  const [unverified, setUnverified] = useState<string>();
  const [login, { isLoading }] = useLoginMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const accountDeleted = useLocation().state === ACCOUNT_DELETED;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = {
      identifier: identifier.trim() ? undefined : 'Please enter your e-mail or username.',
      password: password ? undefined : 'Please enter your password.',
    };
    setErrors(missing);
    if (missing.identifier || missing.password) return;
    setFailure(undefined);
    setUnverified(undefined);
    const result = await login({ identifier: identifier.trim(), password });
    if (result.data) {
      dispatch(signedIn(result.data.token));
      void navigate('/');
    } else {
      setFailure(failureText(result.error));
      // Login's only 403: the account exists and the password matched, but the address is not verified yet.
      if ('status' in result.error && result.error.status === 403) setUnverified(identifier.trim());
    }
  };

  return (
    <main className="auth">
      <div className="card auth__card">
        <h1>Welcome back</h1>
        <p className="muted">Log in to continue with your trainer.</p>
        {accountDeleted && (
          <p className="alert alert--success auth__notice" role="status">
            Your account has been deleted, and everything personal in it with it. Thank you for training with us.
          </p>
        )}
        {failure && (
          <div className="stack auth__notice">
            <p className="alert alert--error" role="alert">
              {failure}
            </p>
            {unverified !== undefined && <ResendVerification key={unverified} identifier={unverified} />}
          </div>
        )}
        <form className="stack" onSubmit={submit} noValidate>
          <Field label="E-mail or username" error={errors.identifier}>
            <Input name="identifier" autoComplete="username" required value={identifier} onChange={(e) => setIdentifier(e.target.value)} />
          </Field>
          <Field label="Password" error={errors.password}>
            <Input name="password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
          </Field>
          <p className="auth__forgot">
            <Link to="/forgot-password">Forgot password?</Link>
          </p>
          <div className="auth__actions">
            <Button type="submit" block busy={isLoading}>
              {isLoading ? 'Logging in…' : 'Log In'}
            </Button>
            <p className="auth__divider">New here?</p>
            <ButtonLink to="/signup" variant="secondary" block>
              Create an account
            </ButtonLink>
            <ButtonLink to="/home" variant="ghost" block>
              Back to Home
            </ButtonLink>
          </div>
        </form>
      </div>
    </main>
  );
}
