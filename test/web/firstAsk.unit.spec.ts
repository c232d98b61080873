import { expect } from 'chai';
import { firstAsk } from '../../web/src/features/coach/firstAsk';

/** The first chat asks for what plans need and the profile does not have yet: whichever are missing, and only those. */
describe('chat: the first ask', () => {
  const none = { diet_type: null, diet_restrictions: null, equipment: null, units: null };

  it('asks for all of them when the profile has none (or is not read yet)', () => {
    const ask = firstAsk(none)!;
    expect(ask.question).to.equal('First, tell me your diet (or "no special diet"), any food allergies, and where you train (a gym, home with dumbbells, or body weight only), and every plan I write will keep to it.');
    expect(ask.unitsMissing).to.equal(true);
    expect(firstAsk(undefined)!.question).to.equal(ask.question);
  });

  it('asks only for what is missing', () => {
    const ask = firstAsk({ ...none, diet_type: 'Vegan', equipment: 'gym', units: 'kg' })!;
    expect(ask.question).to.equal('First, tell me any food allergies, and every plan I write will keep to it.');
    expect(ask.unitsMissing).to.equal(false);
    expect(firstAsk({ ...none, diet_type: 'Vegan', diet_restrictions: 'peanuts', units: 'lb' })!.question).to.equal(
      'First, tell me where you train (a gym, home with dumbbells, or body weight only), and every plan I write will keep to it.',
    );
  });

  it('asks nothing when everything is there; units alone are set on the profile, not in chat', () => {
    expect(firstAsk({ diet_type: 'None', diet_restrictions: 'none', equipment: 'bodyweight', units: 'lb' })).to.equal(null);
    const ask = firstAsk({ diet_type: 'None', diet_restrictions: 'none', equipment: 'bodyweight', units: null })!;
    expect(ask).to.deep.equal({ question: null, unitsMissing: true });
  });
});
