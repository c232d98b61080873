import { expect } from 'chai';
import { builtInCoach } from '../../services/domain/coach/index.js';
import { intentOf } from '../../services/domain/coach/intents.js';
import { profile } from './fixtures.js';
import type { ProfileFields } from '../../events/user.js';

const reply = (message: string, fields: Partial<ProfileFields> = {}, said: string[] = []) => builtInCoach({ message, history: [], profile: profile(fields), said });

describe('the coach logs a food eaten, never writing a plan for it', () => {
  it('offers the matching entry with its numbers: two slices of veggie pizza for lunch', () => {
    const answer = reply('I had two slices of veggie pizza for lunch');
    expect(answer.planData).to.deep.equal([]);
    expect(answer.foodLog).to.include({ meal_time: 'Lunch', food: '21499', name: 'Vegetable pizza, thin crust (frozen, baked)', portion: '1/3 pizza', quantity: 2, calories: 520 });
    expect(answer.foodLog!.flags).to.deep.equal([]);
    // The release measures this pizza by the third, not the slice: the reply says so rather than inventing a slice.
    expect(answer.message).to.include('520 kcal').and.include('no "slices"');
  });

  it('reads the issue’s own words, amounts in brackets and a request to log', () => {
    const answer = reply('I ate a veggie pizza (2 slices) for lunch, can you log that?');
    expect(answer.planData).to.deep.equal([]);
    expect(answer.foodLog).to.include({ meal_time: 'Lunch', food: '21499', quantity: 2 });
  });

  it('finds the measure named: a cup of rice, two eggs, 150 g of chicken breast', () => {
    expect(reply('I just ate a cup of white rice for dinner').foodLog).to.include({ meal_time: 'Dinner', portion: '1 cup' });
    expect(reply('I had 2 scrambled eggs for breakfast').foodLog).to.include({ meal_time: 'Breakfast', quantity: 2 });
    expect(reply('I had 150 g roasted chicken breast').foodLog).to.include({ portion: '100 g', quantity: 1.5, meal_time: 'Snack', calories: 248 });
  });

  it('flags a food that breaks a stated diet or allergy', () => {
    const vegan = reply('I had two slices of veggie pizza for lunch', { dietType: 'Vegan' });
    expect(vegan.foodLog!.flags.join(' ')).to.match(/vegan/);
    expect(vegan.message).to.match(/Heads up: .*vegan/);
    const allergic = reply('I had two tablespoons of peanut butter', {}, ['I am allergic to peanuts']);
    expect(allergic.foodLog!.flags.join(' ')).to.match(/peanuts/);
  });

  it('is a log intent only for what was eaten: plan requests and questions keep their own intents', () => {
    const intent = (message: string) => intentOf({ message, history: [], profile: profile() }).kind;
    expect(intent('I had two slices of veggie pizza for lunch')).to.equal('logFood');
    expect(intent('I ate oatmeal this morning')).to.equal('logFood');
    expect(intent('make me a meal plan for lunch')).to.equal('create');
    expect(intent('I had a question about my plan')).to.not.equal('logFood');
    expect(intent('what should I eat before a workout?')).to.equal('question');
  });

  it('says so when no food matches, and offers nothing', () => {
    const answer = reply('I had a zzqxj for lunch');
    expect(answer.foodLog).to.equal(undefined);
    expect(answer.message).to.match(/couldn't find/);
  });
});
