import { useEffect, useState, type ComponentType, type FormEvent, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { ROLES } from '../../../../../contract/accounts/roles';
import type { ProfileAnswer } from '../../../../../contract/accounts/profileAnswer';
import { selectClaims } from '../../../shared/auth/authSlice';
import { useAppSelector } from '../../../shared/store/hooks';
import { browserTimeZone, serverText } from '../../../shared/api/http';
import { OptionSelect } from '../../../shared/components/OptionSelect';
import { ACTIVITY_LEVELS, EQUIPMENT_OPTIONS, FITNESS_GOALS, GENDERS, HELP_PREFERENCES, UNIT_OPTIONS } from '../options';
import { Button, Check, Field, Input, Select, Spinner, TextArea } from '../../../shared/ui';
import { INITIAL_PLAN_KEY } from '../../../shared/initialPlan';
import { ChangePassword, DeleteAccount, Devices } from '../security';
import { useGetProfileQuery } from '../../../shared/profile/profileQuery';
import { heightUnit } from '../../../shared/units';
import { useUpdateProfileMutation } from './profileApi';
import { profilePayload, profileToForm, validateProfile, withUnits, type ProfileErrors, type ProfileFormValues } from './profileForm';
import './profile.css';

const SECTIONS = [
  { id: 'private', title: 'Private Information' },
  { id: 'current-body', title: 'Current Body Type' },
  { id: 'desired-body', title: 'Desired Body Type' },
  { id: 'goals', title: 'Fitness Goals' },
  { id: 'diet', title: 'Dietary Preferences' },
  { id: 'reminders', title: 'Reminders' },
  { id: 'subscription', title: 'Manage Subscription' },
  { id: 'import', title: 'Import workouts' },
  { id: 'data', title: 'Your Data' },
  { id: 'security', title: 'Sign-in and Security' },
  { id: 'delete', title: 'Delete Account' },
] as const;

function Section({ id, children }: { id: (typeof SECTIONS)[number]['id']; children: ReactNode }) {
  const title = SECTIONS.find((s) => s.id === id)!.title;
  return (
    <section id={id} className="card profile__section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

/** What the profile shows of other features: app/ composes them in, as a feature imports no other feature. */
export interface ProfilePieces {
  /** The reminder settings: days, hour, channels and the off switch. */
  Reminders: ComponentType;
  /** The subscription section: what the subscription gives a subscriber, else the offer. */
  Subscription: ComponentType<{ subscriber: boolean; subscription: ProfileAnswer['subscription']; deniedPage?: string }>;
  /** Importing a file of workouts (subscribers), and the list of past imports with their undo (everyone). */
  ImportWorkouts: ComponentType<{ subscriber: boolean }>;
  /** Downloading one's data and exporting one's training history, for everyone. */
  YourData: ComponentType;
}

export default function ProfilePage({ Reminders, Subscription, ImportWorkouts, YourData }: ProfilePieces) {
  const claims = useAppSelector(selectClaims);
  const { data: profile, isLoading, isError } = useGetProfileQuery(undefined, { skip: !claims });
  const [save, { isLoading: saving }] = useUpdateProfileMutation();
  const [form, setForm] = useState<ProfileFormValues>();
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string }>();
  // A subscriber page that sent a non-subscriber here says which page it was (the guard puts it in the history entry).
  const deniedPage = (useLocation().state as { deniedPage?: string } | null)?.deniedPage;

  useEffect(() => {
    if (profile) setForm(profileToForm(profile));
  }, [profile]);
  // "Ready" is news once: on the visit that finds the plans the success page was waiting for, not every visit.
  const [awaitingPlans] = useState(() => localStorage.getItem(INITIAL_PLAN_KEY) === 'true');
  useEffect(() => {
    if (profile?.initial_plan_generated) localStorage.removeItem(INITIAL_PLAN_KEY);
  }, [profile?.initial_plan_generated]);

  if (!claims) return <Notice text="User not logged in" />;
  if (isLoading) return <Spinner label="Loading your profile…" />;
  if (isError || !profile) return <Notice text="Error fetching profile data" />;
  if (!form) return <Spinner label="Loading your profile…" />;

  const subscriber = claims.role === ROLES.subscriber;
  const planGenerated = profile.initial_plan_generated;
  // Set by the success page: the plans are on their way but the server has not said they are saved yet.
  const planPending = !planGenerated && subscriber && awaitingPlans;
  const set = <K extends keyof ProfileFormValues>(key: K, value: ProfileFormValues[K]) => setForm((f) => f && { ...f, [key]: value });
  const text = (key: keyof ProfileFormValues) => ({ value: form[key] as string, onChange: (e: { target: { value: string } }) => set(key, e.target.value as never) });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateProfile(form);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setOutcome({ ok: false, text: 'Please correct the highlighted fields.' });
      return;
    }
    const result = await save(profilePayload(form, browserTimeZone()));
    setOutcome(result.data ? { ok: true, text: 'Profile updated successfully!' } : { ok: false, text: serverText(result.error) ?? 'Error updating profile' });
  };

  return (
    <main className="page profile">
      <header className="page-header">
        <h1>Your profile</h1>
        <p>Keep these up to date: your trainer uses them to shape your workouts and meals.</p>
      </header>
      {planGenerated && awaitingPlans && (
        <p className="alert alert--success profile__banner" role="status">
          Your starter workout and meal plans are ready! Find them under Exercises and Meal Plans, or ask the AI Chat to adjust them.
        </p>
      )}
      {planPending && (
        <p className="alert alert--info profile__banner" role="status">
          Your starter workout and meal plans are being generated. They will appear here in a moment.
        </p>
      )}
      <div className="profile__layout">
        <nav className="profile__sidebar" aria-label="Profile sections">
          <ul>
            {SECTIONS.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`}>{s.title}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="stack">
          <form className="stack" onSubmit={submit} noValidate aria-label="Profile">
            <Section id="private">
              <div className="form-grid">
                <Field label="Name" error={errors.name}>
                  <Input autoComplete="name" required {...text('name')} />
                </Field>
                <Field label="E-mail" hint="Your e-mail address can’t be changed here.">
                  <Input type="email" value={profile.email ?? ''} readOnly />
                </Field>
                <Field label="Age" error={errors.age}>
                  <Input type="number" min={1} required {...text('age')} />
                </Field>
                <Field label="Gender" error={errors.gender}>
                  <Select required {...text('gender')}>
                    {GENDERS.map((g) => (
                      <option key={g}>{g}</option>
                    ))}
                  </Select>
                </Field>
                <Field label={`Height (${heightUnit(form.units)})`} error={errors.height}>
                  <Input type="number" min={1} step="any" required {...text('height')} />
                </Field>
              </div>
            </Section>
            <Section id="current-body">
              <div className="form-grid">
                <Field label={`Weight (${form.units})`} error={errors.weight}>
                  <Input type="number" min={1} step="any" required {...text('weight')} />
                </Field>
                <Field label="Body fat (%)" optional error={errors.bodyFatPercentage}>
                  <Input type="number" min={0} max={100} step="any" {...text('bodyFatPercentage')} />
                </Field>
                <Field label="Muscle (%)" optional error={errors.musclePercentage}>
                  <Input type="number" min={0} max={100} step="any" {...text('musclePercentage')} />
                </Field>
              </div>
            </Section>
            <Section id="desired-body">
              <div className="form-grid">
                <Field label={`Target weight (${form.units})`} error={errors.targetWeight}>
                  <Input type="number" min={1} step="any" required {...text('targetWeight')} />
                </Field>
                <Field label="Target body fat (%)" optional error={errors.targetBodyFatPercentage}>
                  <Input type="number" min={0} max={100} step="any" {...text('targetBodyFatPercentage')} />
                </Field>
                <Field label="Target muscle (%)" optional error={errors.targetMusclePercentage}>
                  <Input type="number" min={0} max={100} step="any" {...text('targetMusclePercentage')} />
                </Field>
              </div>
            </Section>
            <Section id="goals">
              <div className="form-grid">
                <Field label="Primary goal" optional>
                  <Select {...text('primaryGoal')}>
                    <option value="">Choose a goal</option>
                    {[...new Set([...FITNESS_GOALS, ...(form.primaryGoal ? [form.primaryGoal] : [])])].map((g) => (
                      <option key={g}>{g}</option>
                    ))}
                  </Select>
                </Field>
                <Field label="Secondary goal" optional>
                  <Input {...text('secondaryGoal')} />
                </Field>
                <Field label="Weekly workouts" optional error={errors.weeklyWorkoutFrequency}>
                  <Input type="number" min={0} step={1} {...text('weeklyWorkoutFrequency')} />
                </Field>
                <Field label="Activity level" optional>
                  <Select {...text('activityLevel')}>
                    <option value="">Choose your activity level</option>
                    {ACTIVITY_LEVELS.map((a) => (
                      <option key={a}>{a}</option>
                    ))}
                  </Select>
                </Field>
                <Field label="Units" hint="How every screen shows and takes heights and weights.">
                  <OptionSelect name="units" value={form.units} onChange={(e) => setForm((f) => f && withUnits(f, e.target.value === 'kg' ? 'kg' : 'lb'))} options={UNIT_OPTIONS} />
                </Field>
              </div>
              <Field label={<>Gym experience: <span className="slider-value">{Math.round(form.gymExperience * 100)}%</span></>} className="profile__slider">
                <Input type="range" min={0} max={1} step={0.01} value={form.gymExperience} onChange={(e) => set('gymExperience', Number(e.target.value))} aria-valuetext={`${Math.round(form.gymExperience * 100)} percent`} />
              </Field>
              <fieldset>
                <legend>How would you like help?</legend>
                <div className="profile__checks">
                  {HELP_PREFERENCES.map((p) => (
                    <Check key={p} label={p} checked={form.helpPreferences.includes(p)} onChange={(e) => set('helpPreferences', e.target.checked ? [...form.helpPreferences, p] : form.helpPreferences.filter((x) => x !== p))} />
                  ))}
                </div>
              </fieldset>
              <Field label="Accessibility needs" optional>
                <TextArea {...text('accessibilityNeeds')} />
              </Field>
            </Section>
            <Section id="diet">
              <div className="form-grid">
                <Field label="Diet type" optional hint="For example: balanced, vegetarian, vegan, keto.">
                  <Input {...text('dietType')} />
                </Field>
                <Field label="Daily calorie goal (kcal)" optional error={errors.calorieIntakeGoal}>
                  <Input type="number" min={0} step={1} {...text('calorieIntakeGoal')} />
                </Field>
                <Field label="Allergies and restrictions" optional hint="Separate with commas.">
                  <Input {...text('allergies')} />
                </Field>
                <Field label="Where you train" optional hint="Your workout plans use only what you have.">
                  <OptionSelect {...text('equipment')} options={EQUIPMENT_OPTIONS} none="Not said yet" />
                </Field>
              </div>
            </Section>
            <div className="profile__save card">
              <div aria-live="polite" className="profile__outcome">
                {outcome && <p className={outcome.ok ? 'alert alert--success' : 'alert alert--error'}>{outcome.text}</p>}
              </div>
              <Button type="submit" busy={saving}>
                {saving ? 'Saving…' : 'Save Profile'}
              </Button>
            </div>
          </form>
          <Section id="reminders">
            <Reminders />
          </Section>
          <Section id="subscription">
            <Subscription subscriber={subscriber} subscription={profile.subscription} deniedPage={deniedPage} />
          </Section>
          <Section id="import">
            <ImportWorkouts subscriber={subscriber} />
          </Section>
          <Section id="data">
            <YourData />
          </Section>
          <Section id="security">
            <ChangePassword />
            <Devices />
          </Section>
          <Section id="delete">
            <DeleteAccount subscriber={subscriber} />
          </Section>
        </div>
      </div>
    </main>
  );
}

function Notice({ text }: { text: string }) {
  return (
    <main className="page">
      <p className="alert alert--error" role="alert">
        {text}
      </p>
    </main>
  );
}
