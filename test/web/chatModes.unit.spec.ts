import { expect } from 'chai';
import {
  canSend,
  linesOfExchanges,
  chatFailure,
  commandOnSend,
  indicatorLine,
  modeAfterBackspace,
  onInput,
  planFlags,
  primaryPlanName,
  recentHistory,
  replyLine,
  savedToast,
  slashSuggestions,
  type ChatLine,
} from '../../web/src/features/coach/chatModes';

describe('Chat: slash commands and modes (docs/product.md#screens-feature-by-feature, docs/product.md#how-things-change)', () => {
  it("suggests the commands while a slash command is being typed", () => {
    expect(slashSuggestions('/').map((s) => s.command)).to.deep.equal(['/help', '/meal', '/exercise']);
    expect(slashSuggestions('/m').map((s) => s.command)).to.deep.equal(['/meal']);
    expect(slashSuggestions('/EX').map((s) => s.command)).to.deep.equal(['/exercise']);
    expect(slashSuggestions('/x')).to.deep.equal([]);
    expect(slashSuggestions('hello /meal')).to.deep.equal([]);
    expect(slashSuggestions('/meal ')).to.deep.equal([]);
  });

  it("typing '/meal ' or '/exercise ' with the trailing space turns the mode on and empties the input", () => {
    expect(onInput('/meal ')).to.deep.equal({ kind: 'mode', mode: 'meal', input: '' });
    expect(onInput('/exercise ')).to.deep.equal({ kind: 'mode', mode: 'exercise', input: '' });
    expect(onInput('/meal')).to.deep.equal({ kind: 'text', input: '/meal' });
    expect(onInput('/mealy')).to.deep.equal({ kind: 'text', input: '/mealy' });
  });

  it('keeps what follows the command when it is pasted in one go', () => {
    expect(onInput('/exercise swap squats for something easier')).to.deep.equal({ kind: 'mode', mode: 'exercise', input: 'swap squats for something easier' });
  });

  it("'/help ' opens help; sending '/help' does too, and a bare '/meal' sets the mode instead of being sent", () => {
    expect(onInput('/help ')).to.deep.equal({ kind: 'help', input: '' });
    expect(commandOnSend('/help')).to.deep.equal({ kind: 'help' });
    expect(commandOnSend(' /meal ')).to.deep.equal({ kind: 'mode', mode: 'meal' });
    expect(commandOnSend('/exercise')).to.deep.equal({ kind: 'mode', mode: 'exercise' });
    expect(commandOnSend('make me a plan')).to.equal(null);
  });

  it('Backspace on an empty input clears the mode; on text it keeps it', () => {
    expect(modeAfterBackspace('', 'meal')).to.equal(null);
    expect(modeAfterBackspace('a', 'meal')).to.equal('meal');
    expect(modeAfterBackspace('', null)).to.equal(null);
  });

  it('the next request carries the mode as useMealPlan / useWorkoutPlan', () => {
    expect(planFlags('meal')).to.deep.equal({ useMealPlan: true, useWorkoutPlan: false });
    expect(planFlags('exercise')).to.deep.equal({ useMealPlan: false, useWorkoutPlan: true });
    expect(planFlags(null)).to.deep.equal({ useMealPlan: false, useWorkoutPlan: false });
  });

  it('does not send empty or whitespace-only input, nor while waiting for a reply', () => {
    expect(canSend('', false)).to.equal(false);
    expect(canSend('  \n\t ', false)).to.equal(false);
    expect(canSend('hi', true)).to.equal(false);
    expect(canSend('hi', false)).to.equal(true);
  });
});

describe('Chat: requests and answers (docs/product.md#the-calls, docs/product.md#what-the-user-is-told-when-something-fails)', () => {
  it('sends the last 3 messages as {role, content}, leaving out error and indicator lines', () => {
    const lines: ChatLine[] = [
      { sender: 'user', text: 'one' },
      { sender: 'ai', text: 'two' },
      { sender: 'user', text: 'three' },
      { sender: 'ai', kind: 'indicator', text: 'Referencing meal plan: Lean' },
      { sender: 'ai', kind: 'error', text: 'Error: Could not connect to AI' },
      { sender: 'user', text: 'four' },
    ];
    expect(recentHistory(lines)).to.deep.equal([
      { role: 'assistant', content: 'two' },
      { role: 'user', content: 'three' },
      { role: 'user', content: 'four' },
    ]);
    expect(recentHistory([])).to.deep.equal([]);
  });

  it("names the referenced plan after the primary one, without a trailing ' v2'; a non-array is no plan", () => {
    expect(primaryPlanName([{ name: 'Other' }, { name: 'Lean Bulk v2', is_primary: true }])).to.equal('Lean Bulk');
    expect(primaryPlanName([{ name: 'First plan' }])).to.equal('First plan');
    expect(primaryPlanName([{ name: 'v2 Plan v2 extra' }])).to.equal('v2 Plan v2 extra');
    expect(primaryPlanName({ message: 'nope' })).to.equal(undefined);
    expect(primaryPlanName([])).to.equal(undefined);
    expect(indicatorLine('meal', 'Lean Bulk')).to.equal('Referencing meal plan: Lean Bulk');
    expect(indicatorLine('exercise', 'Strength')).to.equal('Referencing workout plan: Strength');
  });

  it('opens the popup the refusal asks for, or adds an error line', () => {
    expect(chatFailure({ status: 403, data: { error: 'SUBSCRIPTION_REQUIRED' } })).to.deep.equal({ popup: 'subscription' });
    expect(chatFailure({ status: 403, data: { message: 'Forbidden' } })).to.deep.equal({ popup: 'auth' });
    expect(chatFailure({ status: 'PARSING_ERROR', originalStatus: 403, data: 'Forbidden' })).to.deep.equal({ popup: 'auth' });
    expect(chatFailure({ status: 413, data: { error: 'TOKEN_LIMIT_EXCEEDED' } })).to.deep.equal({ popup: 'tooLarge' });
    expect(chatFailure({ status: 500, data: { message: 'boom' } })).to.deep.equal({ line: 'Error: Could not process request' });
    expect(chatFailure({ status: 'FETCH_ERROR', data: undefined })).to.deep.equal({ line: 'Error: Could not connect to AI' });
  });

  it('turns the answer into a line: the message and its plans, or the error the spec names', () => {
    const plan = { planType: 'workout', name: 'Strength', workouts: [] };
    expect(replyLine({ message: 'Here you go', planData: [plan] })).to.deep.equal({ sender: 'ai', text: 'Here you go', planData: [plan] });
    expect(replyLine({ message: '', planData: [plan] })).to.deep.equal({ sender: 'ai', text: '', planData: [plan] });
    expect(replyLine({ message: 42 })).to.deep.equal({ sender: 'ai', text: 'AI response error', kind: 'error' });
    expect(replyLine({ message: '  ', planData: [] })).to.deep.equal({ sender: 'ai', text: 'Error formatting the response. Please try again.', kind: 'error' });
    expect(replyLine({ message: 'ok', planData: 'nope' })).to.deep.equal({ sender: 'ai', text: 'ok', planData: [] });
  });

  it('names the saved plan in the toast', () => {
    expect(savedToast({ planType: 'meal' })).to.equal('Meal plan saved!');
    expect(savedToast({ planType: 'workout' })).to.equal('Workout plan saved!');
  });
});

describe('chat history as conversation lines', () => {
  it('shows each exchange as the question, then the answer with its plans, or the error shown then', () => {
    const plan = { planType: 'meal' as const, name: 'Vegetarian 1,500 kcal week' };
    expect(
      linesOfExchanges([
        { question: 'Make me a meal plan', answer: 'Here it is.', failed: false, planData: [plan] },
        { question: 'And another?', answer: null, failed: true, planData: [] },
        { question: 'Still there?', answer: null, failed: false, planData: [] },
      ]),
    ).to.deep.equal([
      { sender: 'user', text: 'Make me a meal plan' },
      { sender: 'ai', text: 'Here it is.', planData: [plan] },
      { sender: 'user', text: 'And another?' },
      { sender: 'ai', kind: 'error', text: 'Error: Could not process request' },
      { sender: 'user', text: 'Still there?' },
    ]);
  });
});
