import { expect } from 'chai';
import { dietTagsOf } from '../../services/domain/nutrition/diets.js';
import { EXERCISES } from '../../services/domain/training/exercises.js';
import { exerciseNamed } from '../../services/domain/training/exerciseIdentity.js';
import { HOW_TO, howToDo } from '../../services/domain/training/howTo.js';
import { ALLERGENS, FOODS, foodNamed } from '../../services/domain/nutrition/foods.js';

describe('coach catalogs', () => {
  it('bundles at least 80 exercises, each with muscles, equipment, level and contraindications, names unique', () => {
    expect(EXERCISES.length).to.be.at.least(80);
    expect(new Set(EXERCISES.map((e) => e.name)).size).to.equal(EXERCISES.length);
    for (const e of EXERCISES) {
      expect(e.muscles.length, e.name).to.be.greaterThan(0);
      expect(['novice', 'intermediate', 'advanced']).to.include(e.level);
      // plan lines add detail in brackets, so a catalog name has none
      expect(e.name).not.to.match(/[()]/);
      expect(exerciseNamed(`${e.name} (30 s hold)`)).to.equal(e);
    }
    const patterns = new Set(EXERCISES.map((e) => e.pattern));
    expect([...patterns].sort()).to.deep.equal(['arms', 'calves', 'cardio', 'core', 'hinge', 'lunge', 'pull-h', 'pull-v', 'push-h', 'push-v', 'squat']);
  });

  it('gives every catalog exercise, and only those, form cues and main mistakes, short enough for a phone', () => {
    expect(Object.keys(HOW_TO).sort()).to.deep.equal(EXERCISES.map((e) => e.name).sort());
    for (const e of EXERCISES) {
      const how = HOW_TO[e.name]!;
      expect(how.cues.length, e.name).to.be.within(2, 4);
      expect(how.mistakes.length, e.name).to.be.within(1, 3);
      for (const line of [...how.cues, ...how.mistakes]) expect(line.length, `${e.name}: ${line}`).to.be.within(8, 100);
    }
    // A plan's line and another name of the exercise reach the same cues; the person's own exercise has none.
    expect(howToDo('Box Squat to a High Box (2x12)')).to.equal(HOW_TO['Box Squat to a High Box']);
    expect(howToDo('Plank')).to.equal(HOW_TO['Front Plank']);
    expect(howToDo('Zercher carry of my sofa')).to.equal(null);
  });

  it('bundles at least 150 foods whose calories are their macros at 4/4/9, with allergens and diet tags', () => {
    expect(FOODS.length).to.be.at.least(150);
    expect(new Set(FOODS.map((f) => f.name)).size).to.equal(FOODS.length);
    for (const f of FOODS) {
      expect(f.calories, f.name).to.equal(Math.round(f.protein * 4 + f.carbs * 4 + f.fats * 9));
      for (const a of f.allergens) expect(ALLERGENS).to.include(a);
      // a meal's name joins "Food (portion)" with " + ", so a food's name holds neither
      expect(f.name).not.to.match(/[()+]/);
    }
    expect(dietTagsOf(foodNamed('Firm tofu')!)).to.include.members(['vegan', 'vegetarian', 'gluten-free', 'dairy-free', 'halal', 'keto']);
    expect(dietTagsOf(foodNamed('Bacon')!)).not.to.include.members(['halal']);
    expect(dietTagsOf(foodNamed('Baked salmon')!)).to.include('pescatarian').and.not.include('vegetarian');
    expect(dietTagsOf(foodNamed('Rolled oats')!)).not.to.include('gluten-free');
  });
});
