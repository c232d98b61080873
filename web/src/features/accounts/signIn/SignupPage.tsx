import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { browserTimeZone } from '../../../shared/api/http';
import { ACTIVITY_LEVELS, EQUIPMENT_OPTIONS, FITNESS_GOALS, GENDERS, HELP_PREFERENCES, UNIT_OPTIONS } from '../options';
import { OptionSelect } from '../../../shared/components/OptionSelect';
import { Button, Check, Dialog, Field, Input, Select, TextArea } from '../../../shared/ui';
import { useSignupMutation } from './authApi';
import { failureText } from './failureText';
import {
  canCreateAccount,
  firstUnfinishedStep,
  initialSignupValues,
  keptSignupValues,
  signupPayload,
  stepOf,
  validateStep,
  type SignupErrors,
  type SignupStep,
  type SignupValues,
  unitsOf,
} from './signupForm';
import { browserUnit, heightUnit } from '../../../shared/units';
import './auth.css';

/** docs/product.md#numbers-and-constants: the app moves on to /login 3 s after a successful sign-up. */
export const SIGNUP_REDIRECT_MS = 3000;
const STEP_TITLES = ['Your account', 'Your body and goal', 'How we can help'];
/** The unsent entries of this tab (sessionStorage: gone with the tab), so a reload does not lose them. */
const KEPT_KEY = 'signupDraft';

/** The entries kept in this tab, else none; the units are the browser's language's until the person chooses. */
function keptValues(): SignupValues {
  const fresh = { ...initialSignupValues, units: browserUnit() };
  try {
    return { ...fresh, ...(JSON.parse(sessionStorage.getItem(KEPT_KEY) ?? '{}') as Partial<SignupValues>) };
  } catch {
    return fresh;
  }
}

export default function SignupPage() {
  // The step is in the URL (?step=2), one history entry per step: Back and Forward move between steps and keep
  // what was typed; the entries are kept for a reload too.
  const [params, setParams] = useSearchParams();
  const step = stepOf(params.get('step'));
  const goTo = (next: SignupStep, replace = false) => setParams(next === 1 ? {} : { step: String(next) }, { replace });
  const [values, setValues] = useState<SignupValues>(keptValues);
  const [errors, setErrors] = useState<SignupErrors>({});
  const [failure, setFailure] = useState<string>();
  const [skipOpen, setSkipOpen] = useState(false);
  const [done, setDone] = useState(false);
  const [signup, { isLoading }] = useSignupMutation();
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/login'), SIGNUP_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  useEffect(() => {
    sessionStorage.setItem(KEPT_KEY, JSON.stringify(keptSignupValues(values)));
  }, [values]);

  // A step whose earlier steps are not done (a reload forgets the passwords) goes back to the first that is not.
  const unfinished = firstUnfinishedStep(step, values);
  useEffect(() => {
    if (unfinished) setParams(unfinished === 1 ? {} : { step: String(unfinished) }, { replace: true });
  }, [unfinished, setParams]);

  // Each step opens at its top ("Step n of 3" in view) and announces itself: focus moves to its heading.
  const first = useRef(true);
  useEffect(() => {
    window.scrollTo(0, 0);
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus({ preventScroll: true });
  }, [step]);

  const set = <K extends keyof SignupValues>(key: K) => (value: SignupValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const text = (key: keyof SignupValues) => ({
    name: key,
    value: values[key] as string,
    onChange: (e: { target: { value: string } }) => set(key)(e.target.value),
  });

  const back = () => {
    setErrors({});
    if (step === 1) void navigate('/landing');
    else void goTo((step - 1) as SignupStep);
  };

  /** Next, and Skip's "Yes, Continue": the step's required entries checked, then on (the optional ones may stay empty). */
  const onward = async () => {
    const found = validateStep(step, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (step < 3) return goTo((step + 1) as SignupStep);
    if (!canCreateAccount(values)) return;
    setFailure(undefined);
    const result = await signup(signupPayload(values, browserTimeZone()));
    if ('data' in result) {
      sessionStorage.removeItem(KEPT_KEY);
      setDone(true);
    } else setFailure(failureText(result.error));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onward();
  };

  return (
    <main className="auth">
      <div className="card auth__card auth__card--wide">
        <p className="muted">Step {step} of 3</p>
        <h1 ref={heading} tabIndex={-1}>
          {STEP_TITLES[step - 1]}
        </h1>
        <ol className="steps" aria-label="Sign-up steps">
          {STEP_TITLES.map((title, i) => (
            <li key={title} className={i + 1 < step ? 'done' : undefined} aria-current={i + 1 === step ? 'step' : undefined}>
              {title}
            </li>
          ))}
        </ol>
        <form onSubmit={submit} noValidate>
          {step === 1 && (
            <div className="form-grid">
              <Field label="Email" error={errors.email}>
                <Input type="email" autoComplete="email" required {...text('email')} />
              </Field>
              <Field label="Username" optional hint="Letters, numbers and underscores; no spaces." error={errors.username}>
                <Input autoComplete="username" {...text('username')} />
              </Field>
              <Field label="Age" error={errors.age}>
                <Input type="number" inputMode="numeric" min={1} required {...text('age')} />
              </Field>
              <Field label="Password" hint="At least 6 characters." error={errors.password}>
                <Input type="password" autoComplete="new-password" minLength={6} required {...text('password')} />
              </Field>
              <Field label="Confirm password" error={errors.confirmPassword}>
                <Input type="password" autoComplete="new-password" required {...text('confirmPassword')} />
              </Field>
            </div>
          )}
          {step === 2 && (
            <div className="form-grid">
              <Field label="Units" hint="Your height and weights are asked and shown in them.">
                <OptionSelect {...text('units')} options={UNIT_OPTIONS} />
              </Field>
              <Field label="Gender" optional>
                <Select {...text('gender')}>
                  <option value="">Prefer not to say</option>
                  {GENDERS.map((g) => (
                    <option key={g}>{g}</option>
                  ))}
                </Select>
              </Field>
              <Field label={`Height (${heightUnit(unitsOf(values))})`} error={errors.height}>
                <Input type="number" inputMode="decimal" min={1} required {...text('height')} />
              </Field>
              <Field label={`Weight (${unitsOf(values)})`} error={errors.weight}>
                <Input type="number" inputMode="decimal" min={1} required {...text('weight')} />
              </Field>
              <Field label={`Target weight (${unitsOf(values)})`} optional error={errors.targetWeight}>
                <Input type="number" inputMode="decimal" min={1} {...text('targetWeight')} />
              </Field>
              <Field label="Fitness goal" error={errors.primaryGoal}>
                <Select required {...text('primaryGoal')}>
                  <option value="">Choose a goal</option>
                  {FITNESS_GOALS.map((g) => (
                    <option key={g}>{g}</option>
                  ))}
                </Select>
              </Field>
              <Field label="Weekly workouts" optional hint="0 to 7 per week." error={errors.weeklyWorkoutFrequency}>
                <Input type="number" inputMode="numeric" min={0} max={7} step={1} {...text('weeklyWorkoutFrequency')} />
              </Field>
            </div>
          )}
          {step === 3 && (
            <div className="stack">
              <Field label="Activity level" error={errors.activityLevel}>
                <Select required {...text('activityLevel')}>
                  <option value="">Choose your activity level</option>
                  {ACTIVITY_LEVELS.map((a) => (
                    <option key={a}>{a}</option>
                  ))}
                </Select>
              </Field>
              <Field label={<>Gym experience: <span className="slider-value">{Math.round(values.gymExperience * 100)}%</span></>} hint="0% is brand new, 100% is very experienced.">
                <Input type="range" min={0} max={1} step={0.01} value={values.gymExperience} onChange={(e) => set('gymExperience')(Number(e.target.value))} aria-valuetext={`${Math.round(values.gymExperience * 100)} percent`} />
              </Field>
              <fieldset>
                <legend>How would you like help? (choose any)</legend>
                {HELP_PREFERENCES.map((p) => (
                  <Check
                    key={p}
                    label={p}
                    checked={values.helpPreferences.includes(p)}
                    onChange={(e) => set('helpPreferences')(e.target.checked ? [...values.helpPreferences, p] : values.helpPreferences.filter((x) => x !== p))}
                  />
                ))}
              </fieldset>
              <Field label="Accessibility needs" optional>
                <TextArea {...text('accessibilityNeeds')} placeholder="Anything your trainer should keep in mind" />
              </Field>
              <div className="form-grid">
                <Field label="Diet" optional hint="For example vegetarian, vegan, keto, halal.">
                  <Input autoComplete="off" {...text('dietType')} />
                </Field>
                <Field label="Food allergies" optional hint="For example peanuts, shellfish.">
                  <Input autoComplete="off" {...text('allergies')} />
                </Field>
                <Field label="Where you train" optional hint="Your workout plans use only what you have.">
                  <OptionSelect {...text('equipment')} options={EQUIPMENT_OPTIONS} none="Choose where you train" />
                </Field>
              </div>
              <fieldset>
                <legend>Consent</legend>
                <Check
                  checked={values.acceptPrivacy}
                  onChange={(e) => set('acceptPrivacy')(e.target.checked)}
                  label={
                    <>
                      I have read and accept the{' '}
                      <Link to="/privacy" target="_blank">
                        Privacy Policy
                      </Link>
                    </>
                  }
                />
                <Check
                  checked={values.acceptTerms}
                  onChange={(e) => set('acceptTerms')(e.target.checked)}
                  label={
                    <>
                      I agree to the{' '}
                      <Link to="/terms" target="_blank">
                        Terms of Service
                      </Link>
                    </>
                  }
                />
              </fieldset>
              {failure && (
                <p className="alert alert--error" role="alert">
                  {failure}
                </p>
              )}
            </div>
          )}
          <div className="wizard__nav">
            <Button variant="secondary" onClick={back}>
              Back
            </Button>
            <div className="row">
              {step > 1 && (
                <Button variant="ghost" onClick={() => setSkipOpen(true)}>
                  Skip for now
                </Button>
              )}
              {step < 3 ? (
                <Button type="submit">Next</Button>
              ) : (
                <Button type="submit" disabled={!canCreateAccount(values)} busy={isLoading}>
                  {isLoading ? 'Creating account…' : 'Create Account'}
                </Button>
              )}
            </div>
          </div>
        </form>
        <p className="auth__divider">
          Already have an account? <Link to="/login">Log in</Link>
        </p>
      </div>
      <Dialog
        open={skipOpen}
        onClose={() => setSkipOpen(false)}
        title="Skip for now?"
        alert
        actions={
          <>
            <Button variant="secondary" onClick={() => setSkipOpen(false)}>
              Go Back
            </Button>
            <Button
              onClick={() => {
                setSkipOpen(false);
                void onward();
              }}
            >
              Yes, Continue
            </Button>
          </>
        }
      >
        <p>
          The optional questions of this step can wait: you can add them later on your profile. {step === 3 ? 'Your account is created with what you entered.' : 'You go on to the next step.'}
        </p>
      </Dialog>
      <Dialog open={done} onClose={() => navigate('/login')} title="Check your e-mail" alert>
        <p>
          Your account is created. We sent a verification link to <strong>{values.email.trim()}</strong>. Open it to verify your e-mail, then log in.
        </p>
        <p className="muted">Taking you to the login page…</p>
      </Dialog>
    </main>
  );
}
