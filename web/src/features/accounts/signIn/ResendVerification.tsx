import { useState, type FormEvent } from 'react';
import { isEmail } from '../../../shared/email';
import { Button, Field, Input } from '../../../shared/ui';
import { useResendVerificationMutation } from './authApi';
import { failureText } from './failureText';

/**
 * Offered when login answers that the address is not verified yet: sends a new link (POST /api/resend-verification).
 * The link goes to an e-mail address, so when the user logged in with a username they type the address here.
 */
export function ResendVerification({ identifier }: { identifier: string }) {
  const knownEmail = isEmail(identifier) ? identifier.trim() : undefined;
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState<string>();
  const [resend, { isLoading }] = useResendVerificationMutation();

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const address = knownEmail ?? email.trim();
    if (!isEmail(address)) return setError('Please enter a valid e-mail address.');
    setError(undefined);
    setSent(undefined);
    const result = await resend({ email: address });
    if (result.data) setSent(result.data.message);
    else setError(failureText(result.error));
  };

  return (
    <form className="stack" onSubmit={send} noValidate>
      {!knownEmail && (
        <Field label="Your e-mail address" error={error}>
          <Input name="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </Field>
      )}
      <Button type="submit" variant="secondary" block busy={isLoading}>
        Send a new verification link
      </Button>
      {knownEmail && error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
      {sent && (
        <p className="alert alert--success" role="status">
          {sent}
        </p>
      )}
    </form>
  );
}
