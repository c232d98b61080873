import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { selectClaims } from '../../shared/auth/authSlice';
import { useAppSelector } from '../../shared/store/hooks';
import { Button, useToast } from '../../shared/ui';
import { useLogFoodMutation } from '../../shared/api/foodLog';
import { useGetProfileQuery } from '../../shared/profile/profileQuery';
import { useChatHistoryQuery, useLazyChatHistoryQuery, useNewConversationMutation, useSavePlanMutation, useSendChatMutation, useSwapInPlanMutation } from './chatApi';
import {
  canSend,
  chatFailure,
  commandOnSend,
  indicatorLine,
  linesOfExchanges,
  modeAfterBackspace,
  onInput,
  planFlags,
  primaryPlanName,
  recentHistory,
  replyLine,
  savedToast,
  slashSuggestions,
  type ChatLine,
  type OfferedFood,
  type ChatMode,
  type PlanData,
  type Popup,
} from './chatModes';
import { ChatPopup } from './ChatPopup';
import { firstAsk } from './firstAsk';
import { PlanCard } from './PlanCard';
import { ReplyText } from './ReplyText';
import '../../shared/components/screens.css';
import './chat.css';

/**
 * The conversation as shown, per signed-in user, for this page load: going to /work and back keeps it (with what was
 * saved); another user signing in on this browser never sees it. A reload starts from the log's history.
 */
const conversations = new Map<string, { lines: ChatLine[]; olderBefore: number | null }>();

const WELCOME = "Hi! I'm your AI personal trainer. Ask me for a workout plan or a meal plan, or anything about training and food. Type / to see commands.";
/** What a newcomer can ask first, one tap away: a plan of each kind and the questions beginners ask most. */
const STARTERS = ['Make me a workout plan', 'Make me a meal plan', 'How many calories should I eat?', 'Is it normal to be sore after a workout?'];

/** The AI chat (docs/product.md#screens-feature-by-feature "/chat", docs/product.md#how-things-change "Chat modes", docs/product.md#what-the-user-is-told-when-something-fails): no client guard; the server answers 403 when it refuses. */
/**
 * The person's plans of a mode's kind (meal plans for 'meal', regimens for 'exercise'; undefined without a mode),
 * asked for only while a mode needs them. A hook app/ gives, reading nutrition's and training's lists, as a feature
 * imports no other feature.
 */
export type UsePlansOf = (mode: ChatMode | null, signedIn: boolean) => unknown;

export default function ChatPage({ usePlansOf }: { usePlansOf: UsePlansOf }) {
  const owner = useAppSelector(selectClaims)?.sub ?? 'visitor';
  const kept = conversations.get(owner);
  const [lines, setLines] = useState<ChatLine[]>(() => kept?.lines ?? []);
  const [logFood] = useLogFoodMutation();
  const [olderBefore, setOlderBefore] = useState<number | null>(() => kept?.olderBefore ?? null);
  // The conversation from the log, once per page load (a visitor has none to read).
  const [seeded, setSeeded] = useState(Boolean(kept));
  const history = useChatHistoryQuery({}, { skip: seeded || owner === 'visitor' });
  const [loadOlder, older] = useLazyChatHistoryQuery();
  const [startNew, { isLoading: starting }] = useNewConversationMutation();
  const [input, setInput] = useState('');
  const [mode, setMode] = useState<ChatMode | null>(null);
  const [popup, setPopup] = useState<Popup | null>(null);
  const [sendChat, { isLoading: waiting }] = useSendChatMutation();
  const [savePlan] = useSavePlanMutation();
  const [swapInPlan] = useSwapInPlanMutation();
  const toast = useToast();
  const signedIn = useAppSelector((state) => Boolean(state.auth.token));
  // The names of the primary plans, for the indicator lines; only asked for when a mode needs one.
  const plans = usePlansOf(mode, signedIn);
  // What plans need and the profile does not have yet: the welcome asks for it (said once, it binds every plan after).
  const { data: profile } = useGetProfileQuery(undefined, { skip: !signedIn });
  const ask = firstAsk(profile);
  const listEnd = useRef<HTMLDivElement>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);

  // A block body: newer browsers' scrollIntoView returns a promise, which React would take for a cleanup.
  useEffect(() => {
    listEnd.current?.scrollIntoView?.({ block: 'end' });
  }, [lines, waiting]);
  useEffect(() => {
    if (!waiting) textarea.current?.focus();
  }, [waiting]);
  useEffect(() => {
    // No history to show (the request failed): the page works as a new conversation.
    if (!seeded && history.isError) setSeeded(true);
    if (seeded || !history.data) return;
    setLines((l) => [...linesOfExchanges(history.data!.exchanges), ...l]);
    setOlderBefore(history.data.olderBefore);
    setSeeded(true);
  }, [seeded, history.data]);
  useEffect(() => {
    if (seeded) conversations.set(owner, { lines, olderBefore });
  }, [owner, lines, olderBefore, seeded]);

  const showOlder = async () => {
    if (olderBefore === null) return;
    const page = await loadOlder({ before: olderBefore });
    if (!page.data) return;
    const earlier = linesOfExchanges(page.data.exchanges);
    // Saved marks point at line indexes, so they move with the lines put in front.
    setLines((l) => [...earlier, ...l]);
    setOlderBefore(page.data.olderBefore);
  };

  const newConversation = async () => {
    const result = await startNew();
    if ('error' in result) {
      toast('Could not start a new conversation. Please try again.');
      return;
    }
    setLines([]);
    setOlderBefore(null);
    setMode(null);
  };

  const change = (value: string) => {
    const effect = onInput(value);
    if (effect.kind === 'mode') setMode(effect.mode);
    if (effect.kind === 'help') setPopup('help');
    setInput(effect.input);
  };

  /** Sends what is typed, or a starter question picked from the welcome message. */
  const send = async (typed = input) => {
    const command = commandOnSend(typed);
    if (command) {
      if (command.kind === 'help') setPopup('help');
      else setMode(command.mode);
      setInput('');
      return;
    }
    if (!canSend(typed, waiting)) return;
    const text = typed.trim();
    const history = recentHistory(lines);
    const usedMode = mode;
    const planName = usedMode ? primaryPlanName(plans) : undefined;
    const sent: ChatLine[] = [{ sender: 'user', text }];
    if (usedMode && planName) sent.push({ sender: 'ai', kind: 'indicator', text: indicatorLine(usedMode, planName) });
    setLines((l) => [...l, ...sent]);
    setInput('');
    setMode(null); // the mode is for this one request
    const result = await sendChat({ message: text, recentHistory: history, ...planFlags(usedMode) });
    if ('error' in result) {
      const failure = chatFailure(result.error as { status: number | string });
      if ('popup' in failure) setPopup(failure.popup);
      else setLines((l) => [...l, { sender: 'ai', kind: 'error', text: failure.line }]);
      return;
    }
    setLines((l) => [...l, replyLine(result.data)]);
  };

  const save = async (plan: PlanData, lineIndex: number, planIndex: number) => {
    // Swaps in a saved plan are made in it, one by one, so it keeps its day and history; any other plan is saved.
    if (plan.planType === 'workout' && plan.revises) {
      const { regimenId, swaps } = plan.revises;
      for (const swap of swaps) {
        const swapped = await swapInPlan({ regimenId, ...swap });
        if ('error' in swapped) return toast(`Could not swap ${swap.name} into ${plan.name}`, 'error');
      }
      setLines((l) => l.map((line, i) => (i === lineIndex ? { ...line, savedPlans: [...(line.savedPlans ?? []), planIndex] } : line)));
      return toast(`${plan.name} changed: ${swaps.map((s) => s.name).join(', ')}`);
    }
    const result = await savePlan(plan);
    if ('error' in result) console.error('Saving a plan failed', result.error);
    // Marked on the line, so coming back to the chat does not offer the same plan's Save again.
    setLines((l) => l.map((line, i) => (i === lineIndex ? { ...line, savedPlans: [...(line.savedPlans ?? []), planIndex] } : line)));
    toast(savedToast(plan));
  };

  /** "Log it": the trainer's offer sent as it is; the line then says Logged. */
  const logOffered = async ({ meal_time, food, portion, quantity, name, calories, protein, carbs, fats }: OfferedFood, lineIndex: number) => {
    const result = await logFood({ meal_time, food, portion, quantity, shown: { name, calories, protein, carbs, fats } });
    if ('error' in result) return toast(`Could not log ${name}`, 'error');
    setLines((l) => l.map((line, i) => (i === lineIndex ? { ...line, foodLogged: true } : line)));
    toast(`${name} logged`);
  };

  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    } else if (event.key === 'Backspace' && input === '' && mode) {
      event.preventDefault();
      setMode(modeAfterBackspace(input, mode));
    }
  };

  const suggestions = mode ? [] : slashSuggestions(input);

  return (
    <main className="page screen chat">
      <div className="chat__header">
        <h1 className="chat__title">AI Chat</h1>
        {lines.length > 0 && (
          <button type="button" className="btn btn--secondary btn--small" onClick={() => void newConversation()} disabled={waiting || starting}>
            New conversation
          </button>
        )}
      </div>
      <div className="chat__log" role="log" aria-label="Conversation" aria-live="polite">
        {olderBefore !== null && (
          <button type="button" className="btn btn--secondary btn--small chat__older" onClick={() => void showOlder()} disabled={older.isFetching}>
            {older.isFetching ? 'Loading…' : 'Show earlier messages'}
          </button>
        )}
        {!seeded && history.isFetching && (
          <p className="chat__indicator small" role="status">
            Loading your conversation…
          </p>
        )}
        {lines.length === 0 && (seeded || !history.isFetching) && (
          <div className="message message--ai">
            <p>{WELCOME}</p>
            {ask?.question && <p className="chat__first-ask">{ask.question}</p>}
            {ask?.unitsMissing && signedIn && (
              <p className="chat__first-ask small">
                Weights show in lb until you choose lb or kg on your <Link to="/prof">profile</Link>.
              </p>
            )}
            <ul className="chat__starters" aria-label="Try asking">
              {STARTERS.map((starter) => (
                <li key={starter}>
                  <button type="button" className="btn btn--secondary btn--small" disabled={waiting} onClick={() => void send(starter)}>
                    {starter}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
        {lines.map((line, i) =>
          line.kind === 'indicator' ? (
            <p key={i} className="chat__indicator small">
              {line.text}
            </p>
          ) : (
            <div key={i} className={`message message--${line.sender}${line.kind === 'error' ? ' message--error' : ''}`}>
              <span className="visually-hidden">{line.sender === 'user' ? 'You said:' : 'Trainer:'}</span>
              {line.text && (line.sender === 'ai' && line.kind !== 'error' ? <ReplyText text={line.text} /> : <p className="message__text">{line.text}</p>)}
              {line.foodLog && (
                <Button small disabled={line.foodLogged} onClick={() => void logOffered(line.foodLog!, i)}>
                  {line.foodLogged ? 'Logged' : `Log it (${line.foodLog.calories} kcal)`}
                </Button>
              )}
              {line.planData?.map((plan, j) => (
                <PlanCard key={j} plan={plan} saved={line.savedPlans?.includes(j) ?? false} onSave={() => save(plan, i, j)} />
              ))}
            </div>
          ),
        )}
        {waiting && (
          <div className="message message--ai message--waiting" role="status">
            <span className="typing" aria-hidden="true">
              <span />
              <span />
              <span />
            </span>
            <span className="visually-hidden">The trainer is writing…</span>
          </div>
        )}
        <div ref={listEnd} className="chat__end" />
      </div>
      <form
        className="chat__composer"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        {suggestions.length > 0 && (
          <ul className="chat__suggestions" aria-label="Commands">
            {suggestions.map((s) => (
              <li key={s.command}>
                <button
                  type="button"
                  onClick={() => {
                    if (s.command === '/help') {
                      setPopup('help');
                      setInput('');
                    } else change(`${s.command} `);
                    textarea.current?.focus();
                  }}
                >
                  <code>{s.command}</code> <span className="muted">{s.description}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="chat__input-row">
          {mode && (
            <span className="command-tag">
              <span className="visually-hidden">Command: </span>/{mode}
              <span id="chat-mode-hint" className="visually-hidden">
                Backspace on an empty message removes the command.
              </span>
              <button type="button" className="command-tag__remove" aria-label={`Remove /${mode}`} onClick={() => setMode(null)}>
                ×
              </button>
            </span>
          )}
          <label htmlFor="chat-input" className="visually-hidden">
            Message
          </label>
          <textarea
            id="chat-input"
            ref={textarea}
            rows={2}
            value={input}
            disabled={waiting}
            aria-describedby={mode ? 'chat-mode-hint' : undefined}
            placeholder={mode === 'meal' ? 'Ask about your meal plan…' : mode === 'exercise' ? 'Ask about your workout plan…' : 'Message your AI trainer…'}
            onChange={(event) => change(event.target.value)}
            onKeyDown={keyDown}
          />
          <button type="submit" className="btn btn--primary" disabled={waiting || input.trim() === ''}>
            Send
          </button>
        </div>
        <p className="chat__disclaimer small muted">
          Your AI trainer is not a licensed professional and can make mistakes. Check important advice with a doctor or a qualified professional.
        </p>
      </form>
      {popup && <ChatPopup popup={popup} onClose={() => setPopup(null)} />}
    </main>
  );
}
