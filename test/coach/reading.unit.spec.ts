import { expect } from 'chai';
import { readAllergies, readDiet } from '../../services/domain/nutrition/diets.js';
import { concernsOf, goalOf, levelOf, readAccessibility, trainingDaysOf } from '../../services/domain/coach/profile.js';
import { profile } from './fixtures.js';

describe('coach reading of the profile', () => {
  it('maps allergies, written many ways, to allergen groups', () => {
    const cases: Array<[string | null, string[], string[]]> = [
      ['peanuts, shellfish', ['peanuts', 'shellfish'], []],
      ['nuts', ['peanuts', 'tree nuts'], []],
      ['Tree nuts', ['tree nuts'], []],
      ['peanut butter', ['peanuts'], []],
      ['almond milk', ['tree nuts'], []],
      ['lactose intolerant; eggs', ['dairy', 'egg'], []],
      ['Milk / wheat / soya', ['dairy', 'gluten', 'soy'], []],
      ['celiac and sesame', ['gluten', 'sesame'], []],
      ['allergic to shrimp', ['shellfish'], []],
      ['seafood', ['fish', 'shellfish'], []],
      ['fish', ['fish'], []],
      ['strawberries, mushrooms', [], ['strawberries', 'mushrooms']],
      ['none', [], []],
      [null, [], []],
    ];
    for (const [text, allergens, avoidWords] of cases) expect(readAllergies(text), String(text)).to.deep.equal({ allergens, avoidWords });
  });

  it('maps diet types to catalog tags, and says when it does not know one', () => {
    expect(readDiet('Vegan')).to.deep.equal({ tags: ['vegan'], unrecognised: null });
    expect(readDiet('lacto-ovo vegetarian')).to.deep.equal({ tags: ['vegetarian'], unrecognised: null });
    expect(readDiet('Keto, gluten free')).to.deep.equal({ tags: ['keto', 'gluten-free'], unrecognised: null });
    expect(readDiet('pescetarian + halal')).to.deep.equal({ tags: ['pescatarian', 'halal'], unrecognised: null });
    expect(readDiet('Mediterranean')).to.deep.equal({ tags: [], unrecognised: null });
    expect(readDiet('carnivore')).to.deep.equal({ tags: [], unrecognised: 'carnivore' });
  });

  it('maps accessibility needs to contraindications', () => {
    expect(readAccessibility('bad knees').contraindications).to.deep.equal(['knee', 'impact']);
    expect(readAccessibility('Lower back pain').contraindications).to.deep.equal(['lower-back']);
    expect(readAccessibility('wheelchair user').contraindications).to.deep.equal(['non-seated', 'legs', 'impact']);
    expect(readAccessibility('rotator cuff surgery last year, sore wrists').contraindications).to.deep.equal(['shoulder', 'wrist']);
    expect(readAccessibility(null).contraindications).to.deep.equal([]);
  });

  it('levels from gym experience at 0.3 and 0.7', () => {
    expect([0, 0.29, 0.3, 0.7, 0.71, 1].map(levelOf)).to.deep.equal(['novice', 'novice', 'intermediate', 'intermediate', 'advanced', 'advanced']);
  });

  it('reads the goal from the goal text, else from the target weight', () => {
    expect(goalOf(profile({ primaryGoal: 'Lose 20 lbs' }))).to.equal('lose');
    expect(goalOf(profile({ primaryGoal: 'Put on muscle' }))).to.equal('muscle');
    expect(goalOf(profile({ primaryGoal: 'Deadlift 200 kg, get stronger' }))).to.equal('strength');
    expect(goalOf(profile({ primaryGoal: 'Run a marathon' }))).to.equal('endurance');
    expect(goalOf(profile({ primaryGoal: null, weightLb: 150, targetWeightLb: 165 }))).to.equal('muscle');
    expect(goalOf(profile({ primaryGoal: null, weightLb: 150, targetWeightLb: 150 }))).to.equal('general');
  });

  it('never plans more days than said; 0 or nothing is a gentle 2', () => {
    expect([0, null, 1, 4, 7].map((weeklyWorkoutFrequency) => trainingDaysOf(profile({ weeklyWorkoutFrequency })))).to.deep.equal([2, 2, 1, 4, 7]);
  });

  it('finds what calls for a clinician in the profile and the message', () => {
    expect(concernsOf(profile({ age: 16 }))).to.deep.equal(['under 18']);
    expect(concernsOf(profile({ accessibilityNeeds: 'torn ACL' }))).to.deep.equal(['injury']);
    expect(concernsOf(profile(), 'I am 20 weeks pregnant')).to.deep.equal(['pregnancy']);
    expect(concernsOf(profile(), 'I take insulin for diabetes')).to.deep.equal(['medical condition']);
    expect(concernsOf(profile(), 'I have been binge eating')).to.deep.equal(['eating disorder']);
    expect(concernsOf(profile(), 'make me a plan')).to.deep.equal([]);
  });
});

describe('coach reading of a chat answer to "any food allergies?"', () => {
  it('"no food allergies" and the like state no food to avoid; a real allergy still does', async () => {
    const { statedIn } = await import('../../services/domain/coach/constraints.js');
    for (const text of ['No food allergies. Make me a workout plan', 'no allergies', 'I have no food allergies', 'No allergies and no special diet']) {
      expect(statedIn(text).avoid, text).to.deep.equal([]);
    }
    expect(statedIn('No food allergies, but I am allergic to peanuts').avoid).to.deep.equal(['peanuts']);
  });
});
