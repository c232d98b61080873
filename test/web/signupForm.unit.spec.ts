import { expect } from 'chai';
import { canCreateAccount, initialSignupValues, signupPayload, validateStep, type SignupValues } from '../../web/src/features/accounts/signIn/signupForm';
import { cancelReason } from '../../web/src/features/billing/cancelReason';
import { unitOfLocale } from '../../web/src/shared/units';

const filled: SignupValues = {
  ...initialSignupValues,
  email: ' sam@example.com ',
  username: 'sam_lifts',
  age: '29',
  password: 'secret1',
  confirmPassword: 'secret1',
  height: '70',
  weight: '180',
  primaryGoal: 'Build muscle',
  activityLevel: 'Very active',
};

describe('web sign-up validation (unit)', () => {
  it('passes every step when the required fields are valid', () => {
    expect(validateStep(1, filled)).to.deep.equal({});
    expect(validateStep(2, filled)).to.deep.equal({});
    expect(validateStep(3, filled)).to.deep.equal({});
  });

  it('step 1: email required and of e-mail type, username letters/digits/underscore, age ≥ 1, password ≥ 6, confirmation matching', () => {
    expect(validateStep(1, { ...filled, email: '  ' }).email).to.equal('Email is required.');
    expect(validateStep(1, { ...filled, email: 'sam@' }).email).to.equal('Please enter a valid e-mail address.');
    expect(validateStep(1, { ...filled, username: 'sam lifts' }).username).to.match(/no spaces/);
    expect(validateStep(1, { ...filled, username: '' })).to.deep.equal({});
    expect(validateStep(1, { ...filled, age: '' }).age).to.equal('Age is required.');
    expect(validateStep(1, { ...filled, age: '0' }).age).to.equal('Age must be at least 1.');
    expect(validateStep(1, { ...filled, password: '12345', confirmPassword: '12345' }).password).to.equal('Password must be at least 6 characters.');
    expect(validateStep(1, { ...filled, confirmPassword: 'secret2' }).confirmPassword).to.equal('Passwords do not match');
  });

  it('step 2: height and weight required numbers, target weight optional, goal required, weekly workouts 0 to 7', () => {
    const errors = validateStep(2, { ...filled, height: '', weight: '', primaryGoal: '' });
    expect(errors).to.deep.equal({ height: 'Height is required.', weight: 'Weight is required.', primaryGoal: 'Please choose a fitness goal.' });
    expect(validateStep(2, { ...filled, targetWeight: '' })).to.deep.equal({});
    expect(validateStep(2, { ...filled, weeklyWorkoutFrequency: '7' })).to.deep.equal({});
    expect(validateStep(2, { ...filled, weeklyWorkoutFrequency: '8' }).weeklyWorkoutFrequency).to.match(/0 to 7/);
    expect(validateStep(2, { ...filled, weeklyWorkoutFrequency: '2.5' }).weeklyWorkoutFrequency).to.match(/whole number/);
  });

  it('step 3: activity level required; Create Account needs both consents', () => {
    expect(validateStep(3, { ...filled, activityLevel: '' }).activityLevel).to.equal('Please choose your activity level.');
    expect(canCreateAccount(filled)).to.equal(false);
    expect(canCreateAccount({ ...filled, acceptPrivacy: true })).to.equal(false);
    expect(canCreateAccount({ ...filled, acceptPrivacy: true, acceptTerms: true })).to.equal(true);
  });

  it('builds the spec payload with numbers, the name from the username, the time zone, and no empty optional numbers', () => {
    expect(signupPayload(filled, 'Europe/Berlin')).to.deep.equal({
      name: 'sam_lifts',
      username: 'sam_lifts',
      email: 'sam@example.com',
      password: 'secret1',
      age: 29,
      height: 70,
      weight: 180,
      primaryGoal: 'Build muscle',
      activityLevel: 'Very active',
      gymExperience: 0,
      helpPreferences: [],
      accessibilityNeeds: '',
      timeZone: 'Europe/Berlin',
    });
    expect(signupPayload({ ...filled, username: '' }, 'UTC').name).to.equal('sam');
    // Gender is chosen by the person or left out, never pre-chosen.
    expect(initialSignupValues.gender).to.equal('');
    expect(signupPayload({ ...filled, gender: 'Female' }, 'UTC').gender).to.equal('Female');
  });

  it('asks height and weights in the units chosen and sends the spec\'s inches and pounds; the browser\'s language suggests the units', () => {
    const metric = { ...filled, units: 'kg', height: '165', weight: '82', targetWeight: '73' };
    expect(signupPayload(metric, 'Europe/London')).to.include({ height: 64.96, weight: 180.78, targetWeight: 160.94, units: 'kg' });
    expect(signupPayload({ ...filled, units: 'lb' }, 'UTC')).to.include({ height: 70, weight: 180, units: 'lb' });
    expect(['en-GB', 'de-DE', 'de', 'es-419', 'en-US', 'en', undefined].map(unitOfLocale)).to.deep.equal(['kg', 'kg', 'kg', 'kg', 'lb', 'lb', 'lb']);
  });

  it('sends an empty Other cancellation reason as "Other (no details)"', () => {
    expect(cancelReason('Other', '   ')).to.equal('Other (no details)');
    expect(cancelReason('Other', ' Moving abroad ')).to.equal('Moving abroad');
    expect(cancelReason('I found a better alternative.', 'ignored')).to.equal('I found a better alternative.');
  });
});
