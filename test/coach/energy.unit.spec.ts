import { expect } from 'chai';
import { energyTarget, explainEnergy, mifflinStJeor } from '../../services/domain/coach/energy.js';
import { builtInCoach } from '../../services/domain/coach/index.js';
import { profile } from './fixtures.js';

describe('coach energy math (docs/capabilities/coach-rules.md, Energy: worked examples)', () => {
  it('Mifflin-St Jeor: men +5, women −161, Other the mean of the two', () => {
    // 80 kg, 180 cm, 30 years: 10·80 + 6.25·180 − 5·30 = 1775
    expect(mifflinStJeor(80, 180, 30, 'Male')).to.equal(1780);
    expect(mifflinStJeor(80, 180, 30, 'Female')).to.equal(1614);
    expect(mifflinStJeor(80, 180, 30, 'Other')).to.equal(1697);
  });

  it('converts the profile’s lb and inches, multiplies by the activity factor and takes 500 off to lose weight', () => {
    // given 170 lb (77.11 kg), 65 in (165.1 cm), 34, female, "Moderately exercise" (1.375), losing weight
    const e = energyTarget(profile({ weightLb: 170, heightIn: 65, age: 34, gender: 'Female', activityLevel: 'Moderately exercise' }), 'lose', false);
    // then BMR 771.1 + 1031.9 − 170 − 161 = 1472; TDEE 1472 × 1.375 = 2024; target 2024 − 500 → 1520 (nearest 10)
    expect(e.kg).to.be.closeTo(77.11, 0.01);
    expect(e.cm).to.be.closeTo(165.1, 0.01);
    expect(e.bmr).to.equal(1472);
    expect(e.tdee).to.equal(2024);
    expect(e.adjustment).to.equal(-500);
    expect(e.target).to.equal(1520);
    expect(e.source).to.equal('estimate');
    // protein 1.8 g/kg while losing (Helms 1.6–2.2) would be 139 g, 37% of 1,520 kcal: capped at 35% (AMDR top)
    expect(e.proteinGrams).to.equal(133);
  });

  it("an imperial person: names the body in lb and inches, with the formula's kg and cm beside them", () => {
    const e = energyTarget(profile({ weightLb: 170, heightIn: 65, age: 34, gender: 'Female', activityLevel: 'Moderately exercise' }), 'lose', false);
    const lines = explainEnergy(e, 'lose', false, 'lb');
    expect(lines[0]).to.equal('- Resting energy (BMR, Mifflin-St Jeor): 1,472 kcal from 170 lb (77 kg), 65 in (165 cm), age 34.');
    expect(lines[2]).to.equal('- Goal (lose weight): -500 kcal a day (about 1 lb, or 0.5 kg, a week, never more than 25% below maintenance) = 1,520 kcal.');
  });

  it('a metric person: names the body in kg and cm only, and the weekly loss in kg', () => {
    const e = energyTarget(profile({ weightLb: 170, heightIn: 65, age: 34, gender: 'Female', activityLevel: 'Moderately exercise', units: 'kg' }), 'lose', false);
    const lines = explainEnergy(e, 'lose', false, 'kg');
    expect(lines[0]).to.equal('- Resting energy (BMR, Mifflin-St Jeor): 1,472 kcal from 77 kg, 165 cm, age 34.');
    expect(lines[2]).to.equal('- Goal (lose weight): -500 kcal a day (about 0.5 kg a week, never more than 25% below maintenance) = 1,520 kcal.');
    expect(lines.join('\n')).not.to.match(/\blb\b/);
  });

  it('adds a lean surplus to build muscle and maps "Very active" to 1.725', () => {
    // 180 lb = 81.65 kg, 70 in = 177.8 cm, 30, male: BMR 816.5 + 1111.25 − 150 + 5 = 1783
    const e = energyTarget(profile({ weightLb: 180, heightIn: 70, age: 30, gender: 'Male', activityLevel: 'Very active' }), 'muscle', false);
    expect(e.bmr).to.equal(1783);
    expect(e.tdee).to.equal(3076);
    expect(e.target).to.equal(3380);
    expect(e.proteinGrams).to.equal(131); // 1.6 g/kg (Morton 2018)
  });

  it('uses the mean formula for gender Other and the mean floor (1,350)', () => {
    const e = energyTarget(profile({ weightLb: 180, heightIn: 70, age: 30, gender: 'Other', activityLevel: 'Not very active' }), 'general', false);
    expect(e.bmr).to.equal(1700);
    expect(e.tdee).to.equal(2040);
    expect(e.floor).to.equal(1350);
  });

  it('caps the deficit at 25% of maintenance and never plans below the floor', () => {
    // 95 lb, 59 in, 70, female, sedentary: BMR 857, TDEE 1028; 25% = 257 < 500; 771 is below 1,200
    const e = energyTarget(profile({ weightLb: 95, heightIn: 59, age: 70, gender: 'Female', activityLevel: 'Not very active' }), 'lose', false);
    expect(e.tdee).to.equal(1028);
    expect(e.adjustment).to.equal(-257);
    expect(e.estimate).to.equal(770);
    expect(e.target).to.equal(1200);
    expect(e.clamped).to.equal('floor');
  });

  it('the profile’s own calorie goal wins over the estimate, but not below the floor (1,500 for men)', () => {
    expect(energyTarget(profile({ calorieIntakeGoal: 2100 }), 'lose', false)).to.include({ target: 2100, source: 'profile goal', clamped: null });
    expect(energyTarget(profile({ gender: 'Male', calorieIntakeGoal: 900 }), 'lose', false)).to.include({ target: 1500, clamped: 'floor' });
  });

  it('holds maintenance instead of a deficit when a clinician should set calories', () => {
    const e = energyTarget(profile({ weightLb: 170, heightIn: 65, age: 34 }), 'lose', true);
    expect(e.adjustment).to.equal(0);
    expect(e.target).to.equal(2020);
  });

  it('assumes missing body figures and says so', () => {
    const e = energyTarget(profile({ weightLb: null, heightIn: null, age: null }), 'general', false);
    expect(e.assumed).to.deep.equal(['weight 150 lb', 'height 67 in', 'age 30']);
  });

  it('the reply names BMR, TDEE and target, and says when the profile goal wins', () => {
    // when
    const reply = builtInCoach({ message: 'How many calories should I eat?', history: [], profile: profile({ calorieIntakeGoal: 2100 }) });
    // then
    expect(reply.planData).to.deep.equal([]);
    expect(reply.message).to.include('BMR, Mifflin-St Jeor): 1,472 kcal');
    expect(reply.message).to.include('TDEE): 1,472 kcal × 1.375');
    expect(reply.message).to.include('= 2,024 kcal');
    expect(reply.message).to.include('Your profile sets your own calorie goal, so it wins over my estimate: 2,100 kcal a day.');
  });
});
