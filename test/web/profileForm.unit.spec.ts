import { expect } from 'chai';
import { profilePayload, profileToForm, validateProfile, withUnits, type Profile } from '../../web/src/features/accounts/profile/profileForm';

const read: Profile = {
  name: 'Ana',
  email: 'ana@example.com',
  age: 41,
  gender: 'Female',
  height_in: 64,
  weight_lb: 150,
  body_fat_percentage: null,
  muscle_percentage: null,
  target_weight_lb: 140,
  target_body_fat_percentage: null,
  target_muscle_percentage: null,
  primary_goal: 'Lose weight',
  secondary_goal: null,
  weekly_workout_frequency: 3,
  activity_level: 'Very active',
  gym_experience: 0.4,
  help_preferences: ['Meal suggestions'],
  accessibility_needs: null,
  calorie_intake_goal: null,
  diet_type: 'vegetarian',
  diet_restrictions: 'peanuts',
  role: 1,
  current_regimen_id: null,
  current_regimen_day: 1,
  current_meal_plan_id: null,
  current_meal_day: 1,
  time_zone: 'Europe/Lisbon',
  subscription: null,
  initial_plan_generated: false,
  equipment: null,
  units: null,
};

describe('web profile form (unit)', () => {
  it('round-trips the profile as read into the profile as saved, empty inputs as null, with the time zone', () => {
    const payload = profilePayload(profileToForm(read), 'America/Chicago');
    expect(payload).to.deep.equal({
      name: 'Ana',
      age: 41,
      gender: 'Female',
      height: 64,
      weight: 150,
      bodyFatPercentage: null,
      musclePercentage: null,
      targetWeight: 140,
      targetBodyFatPercentage: null,
      targetMusclePercentage: null,
      primaryGoal: 'Lose weight',
      secondaryGoal: null,
      weeklyWorkoutFrequency: 3,
      activityLevel: 'Very active',
      gymExperience: 0.4,
      helpPreferences: ['Meal suggestions'],
      accessibilityNeeds: null,
      dietType: 'vegetarian',
      calorieIntakeGoal: null,
      allergies: 'peanuts',
      equipment: null,
      role: 1,
      timeZone: 'America/Chicago',
      units: 'lb',
    });
    // The unit goes back as read: a kg user saving the form stays a kg user.
    expect(profilePayload(profileToForm({ ...read, units: 'kg' }), 'UTC').units).to.equal('kg');
  });

  it('shows and takes height and weights in the person\'s units; an untouched figure goes back exactly as read', () => {
    const metric = profileToForm({ ...read, height_in: 70, weight_lb: 187.4, target_weight_lb: 165 });
    expect([metric.height, metric.weight, metric.targetWeight]).to.deep.equal(['70', '187.4', '165']);
    const kg = profileToForm({ ...read, units: 'kg', height_in: 70, weight_lb: 187.4, target_weight_lb: 165 });
    expect([kg.height, kg.weight, kg.targetWeight]).to.deep.equal(['178', '85', '74.8']);
    // Saved untouched: nothing moves by the rounding shown.
    expect(profilePayload(kg, 'UTC')).to.include({ height: 70, weight: 187.4, targetWeight: 165, units: 'kg' });
    // Typed in kg and cm: kept in pounds and inches.
    expect(profilePayload({ ...kg, height: '180', weight: '80' }, 'UTC')).to.include({ height: 70.87, weight: 176.37 });
    // Switching units writes what is typed in the new ones; switching back gives the figures as read.
    const imperial = withUnits(kg, 'lb');
    expect([imperial.height, imperial.weight, imperial.units]).to.deep.equal(['70.1', '187.4', 'lb']);
    expect(profilePayload(withUnits(imperial, 'kg'), 'UTC')).to.include({ height: 70, weight: 187.4, targetWeight: 165 });
  });

  it('requires name, age, height, weight and target weight; weekly workouts a whole number of at least 0', () => {
    const form = { ...profileToForm(read), name: ' ', age: '', height: '', weight: '0', targetWeight: '' };
    expect(validateProfile(form)).to.deep.equal({
      name: 'Name is required.',
      age: 'Age is required.',
      height: 'Height is required.',
      weight: 'Weight must be a positive number.',
      targetWeight: 'Target weight is required.',
    });
    expect(validateProfile({ ...profileToForm(read), weeklyWorkoutFrequency: '-1' }).weeklyWorkoutFrequency).to.match(/whole number of 0 or more/);
    expect(validateProfile({ ...profileToForm(read), weeklyWorkoutFrequency: '1.5' }).weeklyWorkoutFrequency).to.match(/whole number/);
    expect(validateProfile(profileToForm(read))).to.deep.equal({});
  });
});
