import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.js';
import { signUpVerifiedUser } from '../support/accounts.js';
import { chunksOf } from '../../services/query/src/chunks.js';

const PROFILE_FIELDS = [
  'name', 'email', 'age', 'gender', 'height_in', 'weight_lb', 'body_fat_percentage', 'muscle_percentage',
  'target_weight_lb', 'target_body_fat_percentage', 'target_muscle_percentage', 'primary_goal', 'secondary_goal',
  'weekly_workout_frequency', 'activity_level', 'gym_experience', 'help_preferences', 'accessibility_needs',
  'calorie_intake_goal', 'diet_type', 'diet_restrictions', 'role', 'current_regimen_id', 'current_regimen_day',
  'current_meal_plan_id', 'current_meal_day', 'time_zone', 'subscription', 'initial_plan_generated', 'equipment', 'units',
];

const saved = (fields: Record<string, unknown> = {}) => ({
  name: 'Jo Runner',
  age: 41,
  gender: 'Male',
  height: 70,
  weight: 190,
  bodyFatPercentage: 24.5,
  musclePercentage: '',
  targetWeight: 175,
  targetBodyFatPercentage: 18,
  targetMusclePercentage: null,
  primaryGoal: 'Lose fat',
  secondaryGoal: 'Run a 10k',
  weeklyWorkoutFrequency: 4,
  activityLevel: 'Very active',
  gymExperience: 0.6,
  helpPreferences: ['Progress tracking'],
  accessibilityNeeds: 'Bad left knee',
  dietType: 'Mediterranean',
  calorieIntakeGoal: 2200,
  allergies: ['peanuts', 'shellfish'],
  role: 1,
  timeZone: 'Asia/Tokyo',
  ...fields,
});

describe('GET and PUT /api/profile', () => {
  let server: TestServer;
  before(async () => (server = await startTestServer()));
  after(async () => server.stop());

  it('reads the profile as the spec shapes it, every field present, with the defaults', async () => {
    const { token, email, position } = await signUpVerifiedUser(server, { accessibilityNeeds: '', targetWeight: '' });
    const res = await server.call('GET', '/api/profile', { token, headers: { 'X-Min-Position': String(position) } });
    expect(res.status).to.equal(200);
    expect(res.body).to.have.all.keys(PROFILE_FIELDS);
    expect(res.body).to.deep.equal({
      name: email.split('@')[0],
      email,
      age: 30,
      gender: 'Female',
      height_in: 66,
      weight_lb: 160,
      body_fat_percentage: null,
      muscle_percentage: null,
      target_weight_lb: null,
      target_body_fat_percentage: null,
      target_muscle_percentage: null,
      primary_goal: 'Lose weight',
      secondary_goal: null,
      weekly_workout_frequency: 3,
      activity_level: 'Moderately exercise',
      gym_experience: 0.25,
      help_preferences: ['Daily workout plans', 'Gentle reminders'],
      accessibility_needs: null,
      calorie_intake_goal: null,
      diet_type: null,
      diet_restrictions: null,
      role: 1,
      current_regimen_id: null,
      current_regimen_day: 1,
      current_meal_plan_id: null,
      current_meal_day: 1,
      time_zone: 'America/New_York',
      subscription: null,
      initial_plan_generated: false,
      equipment: null,
      units: null,
    });
  });

  it('reads back the diet, allergies, equipment and units sign-up asked, and a save changes them', async () => {
    const { token, position } = await signUpVerifiedUser(server, { dietType: 'Vegan', allergies: 'peanuts', equipment: 'bodyweight', units: 'kg' });
    const res = await server.call('GET', '/api/profile', { token, headers: { 'X-Min-Position': String(position) } });
    expect(res.body).to.include({ diet_type: 'Vegan', diet_restrictions: 'peanuts', equipment: 'bodyweight', units: 'kg' });
    const put = await server.call('PUT', '/api/profile', { token, json: saved({ equipment: 'gym', units: 'lb' }) });
    expect(put.status).to.equal(200);
    const after = await server.call('GET', '/api/profile', { token, headers: { 'X-Min-Position': String(put.body.position) } });
    expect(after.body).to.include({ equipment: 'gym', units: 'lb' });
  });

  it('defaults gym experience to 0 and gender to Other when sign-up leaves them out', async () => {
    const { token, position } = await signUpVerifiedUser(server, { gymExperience: undefined, gender: undefined, helpPreferences: undefined, timeZone: undefined });
    const res = await server.call('GET', '/api/profile', { token, headers: { 'X-Min-Position': String(position) } });
    expect(res.body).to.include({ gym_experience: 0, gender: 'Other', time_zone: 'UTC' });
    expect(res.body.help_preferences).to.deep.equal([]);
  });

  it('saves the "profile as saved" names and reads them back, empty inputs as null, role unchanged', async () => {
    const { token } = await signUpVerifiedUser(server);
    const put = await server.call('PUT', '/api/profile', { token, json: saved({ role: 2 }) });
    expect(put.status).to.equal(200);
    expect(put.body.message).to.equal('Profile updated successfully!');
    const res = await server.call('GET', '/api/profile', { token, headers: { 'X-Min-Position': String(put.body.position) } });
    expect(res.body).to.include({
      name: 'Jo Runner', age: 41, gender: 'Male', height_in: 70, weight_lb: 190, body_fat_percentage: 24.5,
      muscle_percentage: null, target_weight_lb: 175, target_body_fat_percentage: 18, target_muscle_percentage: null,
      primary_goal: 'Lose fat', secondary_goal: 'Run a 10k', weekly_workout_frequency: 4, activity_level: 'Very active',
      gym_experience: 0.6, accessibility_needs: 'Bad left knee', calorie_intake_goal: 2200, diet_type: 'Mediterranean',
      diet_restrictions: 'peanuts, shellfish', role: 1, time_zone: 'Asia/Tokyo',
    });
    expect(res.body.help_preferences).to.deep.equal(['Progress tracking']);
  });

  it('keeps the weight unit the user chose (none until then, shown as lb); any other unit is a 400 that changes nothing', async () => {
    const { token, position } = await signUpVerifiedUser(server);
    const read = async (at: number) => (await server.call('GET', '/api/profile', { token, headers: { 'X-Min-Position': String(at) } })).body;
    expect((await read(position)).units).to.equal(null);
    const kg = await server.call('PUT', '/api/profile', { token, json: saved({ units: 'kg' }) });
    expect(kg.status).to.equal(200);
    expect((await read(kg.body.position)).units).to.equal('kg');
    const bad = await server.call('PUT', '/api/profile', { token, json: saved({ units: 'stone' }) });
    expect(bad.status).to.equal(400);
    expect(JSON.stringify(bad.body)).to.contain('units must be one of: lb, kg');
    // Left out, it is kept.
    const again = await server.call('PUT', '/api/profile', { token, json: saved({ name: 'Jo R' }) });
    expect((await read(again.body.position)).units).to.equal('kg');
  });

  it('records a dated measurement for each save that changes weight, body fat or muscle, and only then', async () => {
    const { token } = await signUpVerifiedUser(server);
    const userId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub;
    const measurements = async () =>
      (await server.system.events.readAll(0, 100_000)).filter((e) => e.type === 'MeasurementRecorded' && (e.data as { userId: string }).userId === userId);
    expect(await measurements()).to.have.length(1);
    server.clock.set('2026-11-19T08:00:00Z');
    await server.call('PUT', '/api/profile', { token, json: saved({ weight: 188 }) });
    await server.call('PUT', '/api/profile', { token, json: saved({ weight: 188, name: 'Only the name' }) });
    server.clock.set('2026-11-20T08:00:00Z');
    const last = await server.call('PUT', '/api/profile', { token, json: saved({ weight: 188, bodyFatPercentage: 23 }) });
    const recorded = (await measurements()).map((e) => e.data);
    expect(recorded).to.have.length(3);
    expect(recorded[1]).to.deep.include({ measuredAt: '2026-11-19T08:00:00.000Z', weightLb: 188, bodyFatPercentage: 24.5 });
    expect(recorded[2]).to.deep.include({ measuredAt: '2026-11-20T08:00:00.000Z', weightLb: 188, bodyFatPercentage: 23 });
    await server.system.projector.waitFor(last.body.position, 2000);
    const [doc, ...none] = await server.system.readModels.range<{ history: unknown[] }>('measurements', chunksOf(userId));
    expect(none).to.deep.equal([]);
    expect(doc!.history).to.have.length(3);
  });

  const invalid: Array<[string, Record<string, unknown>, RegExp]> = [
    ['a missing name', { name: '' }, /name is required/],
    ['a missing age', { age: null }, /age is required/],
    ['a fractional age', { age: 30.5 }, /age must be a whole number/],
    ['a missing gender', { gender: undefined }, /gender/],
    ['a missing height', { height: '' }, /height is required/],
    ['a missing weight', { weight: undefined }, /weight is required/],
    ['a missing target weight', { targetWeight: '' }, /target weight is required/],
    ['a negative weekly frequency', { weeklyWorkoutFrequency: -1 }, /weeklyWorkoutFrequency: must be at least 0/],
    ['a fractional weekly frequency', { weeklyWorkoutFrequency: 2.5 }, /whole number/],
    ['gym experience out of range', { gymExperience: -0.1 }, /between 0 and 1/],
    ['body fat over 100', { bodyFatPercentage: 120 }, /body fat must be at most 100/],
    ['an unknown activity level', { activityLevel: 'Lazy' }, /activityLevel/],
    ['a number where text belongs', { primaryGoal: 42 }, /primaryGoal: must be text/],
    ['an unknown field', { password: 'new-one' }, /unknown field password/],
    ['an equipment not in the list', { equipment: 'rowing machine' }, /equipment must be one of: gym, dumbbells, bodyweight/],
    ['units not lb or kg', { units: 'stone' }, /units must be one of: lb, kg/],
  ];
  for (const [what, change, message] of invalid) {
    it(`answers 400 for ${what} and changes nothing`, async () => {
      const { token } = await signUpVerifiedUser(server);
      const before = await server.system.events.headPosition();
      const res = await server.call('PUT', '/api/profile', { token, json: saved(change) });
      expect(res.status).to.equal(400);
      expect(res.body.message).to.match(message);
      expect(await server.system.events.headPosition()).to.equal(before);
    });
  }

  it("shows each user only their own profile", async () => {
    const a = await signUpVerifiedUser(server);
    const b = await signUpVerifiedUser(server);
    const put = await server.call('PUT', '/api/profile', { token: a.token, json: saved({ name: 'Alice' }) });
    const aProfile = await server.call('GET', '/api/profile', { token: a.token, headers: { 'X-Min-Position': String(put.body.position) } });
    const bProfile = await server.call('GET', '/api/profile', { token: b.token });
    expect(aProfile.body.name).to.equal('Alice');
    expect(bProfile.body.email).to.equal(b.email);
    expect(bProfile.body.name).to.not.equal('Alice');
  });

  it('answers 400 for a bad X-Min-Position and marks a read that could not wait long enough', async () => {
    const { token } = await signUpVerifiedUser(server);
    expect((await server.call('GET', '/api/profile', { token, headers: { 'X-Min-Position': 'soon' } })).status).to.equal(400);
    const ahead = await server.call('GET', '/api/profile', { token, headers: { 'X-Min-Position': String(1e12) } });
    expect(ahead.status).to.equal(200);
    expect(ahead.headers.get('x-read-stale')).to.equal('true');
  });
});
