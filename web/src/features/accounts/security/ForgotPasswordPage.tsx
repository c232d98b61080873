import { useState, type FormEvent } from 'react';
import { Button, ButtonLink, Field, Input } from '../../../shared/ui';
import { failureText } from '../signIn';
import { useForgotPasswordMutation } from './accountApi';

/** "Forgot password?": asks for the e-mail or username and says a link is on its way, whether or not it exists. */
export default function ForgotPasswordPage() {
  const [identifier, setIdentifier] = useState('');
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [ask, { isLoading }] = useForgotPasswordMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!identifier.trim()) return setError('Please enter your e-mail or username.');
    setError(undefined);
    setFailure(undefined);
    const result = await ask({ identifier: identifier.trim() });
    if (result.data) setSent(result.data.message);
    else setFailure(failureText(result.error));
  };

  return (
    <main className="auth">
      <div className="card auth__card">
        <h1>Forgot your password?</h1>
        <p className="muted">Tell us your e-mail or username and we will mail you a link to choose a new one.</p>
        {sent ? (
          <div className="stack">
            <p className="alert alert--success" role="status">
              {sent}
            </p>
            <ButtonLink to="/login" variant="secondary" block>
              Back to Log In
            </ButtonLink>
          </div>
        ) : (
          <form className="stack" onSubmit={submit} noValidate>
            {failure && (
              <p className="alert alert--error" role="alert">
                {failure}
              </p>
            )}
            <Field label="E-mail or username" error={error}>
              <Input name="identifier" autoComplete="username" required value={identifier} onChange={(e) => setIdentifier(e.target.value)} />
            </Field>
            <div className="auth__actions">
              <Button type="submit" block busy={isLoading}>
                {isLoading ? 'Sending…' : 'Send me a link'}
              </Button>
              <ButtonLink to="/login" variant="ghost" block>
                Back to Log In
              </ButtonLink>
            </div>
          </form>
        )}
      </div>
    </main>
  );
}
