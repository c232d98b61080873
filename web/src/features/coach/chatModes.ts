/** The chat's rules as pure functions (docs/product.md#screens-feature-by-feature "Chat", docs/product.md#how-things-change "Chat modes", docs/product.md#the-calls, docs/product.md#what-the-user-is-told-when-something-fails), so they are tested without a browser. */

import type { FoodLogOffer, PlanData } from '../../../../contract/coach/chatAnswer';

export type { PlanData } from '../../../../contract/coach/chatAnswer';
export type ChatMode = 'meal' | 'exercise';

export const SLASH_COMMANDS = [
  { command: '/help', description: 'Show what the chat can do' },
  { command: '/meal', description: 'Ask about your primary meal plan' },
  { command: '/exercise', description: 'Ask about your primary workout plan' },
] as const;

/** The commands to suggest while the user types a slash command (a '/' and no space yet). */
export function slashSuggestions(input: string) {
  if (!input.startsWith('/') || /\s/.test(input)) return [];
  const typed = input.toLowerCase();
  return SLASH_COMMANDS.filter((c) => c.command.startsWith(typed));
}

export type InputEffect =
  | { kind: 'text'; input: string }
  | { kind: 'mode'; mode: ChatMode; input: string }
  | { kind: 'help'; input: string };

/**
 * What typing `input` does: '/meal ' or '/exercise ' (with the space) turns on that one-request mode and leaves
 * whatever follows the space as the message; '/help ' opens help. Anything else is text.
 */
export function onInput(input: string): InputEffect {
  const command = /^\/(meal|exercise|help)\s([\s\S]*)$/i.exec(input);
  if (!command) return { kind: 'text', input };
  const name = command[1]!.toLowerCase();
  const rest = command[2]!;
  if (name === 'help') return { kind: 'help', input: rest };
  return { kind: 'mode', mode: name as ChatMode, input: rest };
}

/** Backspace on an empty input clears the mode (docs/product.md#how-things-change). */
export const modeAfterBackspace = (input: string, mode: ChatMode | null): ChatMode | null => (input === '' ? null : mode);

/** Empty or whitespace-only input is not sent (docs/product.md#what-input-is-accepted). */
export const canSend = (input: string, waiting: boolean) => !waiting && input.trim() !== '';

/** What a send of the exact text '/help' (or a bare '/meal', '/exercise') does instead of sending. */
export function commandOnSend(input: string): { kind: 'help' } | { kind: 'mode'; mode: ChatMode } | null {
  const text = input.trim().toLowerCase();
  if (text === '/help') return { kind: 'help' };
  if (text === '/meal') return { kind: 'mode', mode: 'meal' };
  if (text === '/exercise') return { kind: 'mode', mode: 'exercise' };
  return null;
}

/** The flags of one request: the mode is used by the next send only. */
export const planFlags = (mode: ChatMode | null) => ({ useMealPlan: mode === 'meal', useWorkoutPlan: mode === 'exercise' });

export interface ChatLine {
  sender: 'user' | 'ai';
  text: string;
  /** Error and indicator lines are shown but never sent back as history. */
  kind?: 'error' | 'indicator';
  planData?: PlanData[];
  /** Indexes of `planData` the user has saved. */
  savedPlans?: number[];
  /** A food the person said they ate, as the trainer offers it to log (POST /api/food-log's body and its numbers). */
  foodLog?: OfferedFood;
  foodLogged?: boolean;
}

/** What the chat reads of the trainer's offer to log a food (the contract's FoodLogOffer). */
export type OfferedFood = Pick<FoodLogOffer, 'meal_time' | 'food' | 'portion' | 'quantity' | 'name' | 'calories' | 'protein' | 'carbs' | 'fats'>;

/** The last 3 messages of the conversation as the server takes them (docs/product.md#the-calls, docs/product.md#numbers-and-constants). */
export function recentHistory(lines: ChatLine[]): Array<{ role: 'user' | 'assistant'; content: string }> {
  return lines
    .filter((l) => !l.kind)
    .slice(-3)
    .map((l) => ({ role: l.sender === 'user' ? 'user' : 'assistant', content: l.text }));
}

/** A plan's name as the indicator line shows it: a trailing ' v2' is dropped (docs/product.md#the-calls). */
export const displayPlanName = (name: string) => name.replace(/ v2$/, '');

/** The primary plan's name from a plans list answer; a non-array counts as empty (docs/product.md#the-calls). */
export function primaryPlanName(list: unknown): string | undefined {
  if (!Array.isArray(list) || list.length === 0) return undefined;
  const plans = list as Array<{ name?: unknown; is_primary?: unknown }>;
  const primary = plans.find((p) => p.is_primary === true) ?? plans[0]!;
  return typeof primary.name === 'string' ? displayPlanName(primary.name) : undefined;
}

export const indicatorLine = (mode: ChatMode, name: string) =>
  mode === 'meal' ? `Referencing meal plan: ${name}` : `Referencing workout plan: ${name}`;

export type Popup = 'help' | 'auth' | 'subscription' | 'tooLarge';

/** A failed POST /api/chat as the user sees it (docs/product.md#what-the-user-is-told-when-something-fails): a popup, or an error line in the conversation. */
export function chatFailure(error: { status: number | string; originalStatus?: number; data?: unknown }): { popup: Popup } | { line: string } {
  const status = typeof error.status === 'number' ? error.status : error.originalStatus;
  const code = typeof error.data === 'object' && error.data !== null ? (error.data as { error?: unknown }).error : undefined;
  if (status === undefined) return { line: 'Error: Could not connect to AI' };
  if (code === 'TOKEN_LIMIT_EXCEEDED') return { popup: 'tooLarge' };
  if (status === 403) return { popup: code === 'SUBSCRIPTION_REQUIRED' ? 'subscription' : 'auth' };
  if (status === 401) return { popup: 'auth' };
  return { line: 'Error: Could not process request' };
}

/** The AI's answer as a conversation line (docs/product.md#what-the-user-is-told-when-something-fails): a non-string message is an error, an empty one with no plan too. */
export function replyLine(body: unknown): ChatLine {
  const { message, planData, foodLog } = (typeof body === 'object' && body !== null ? body : {}) as { message?: unknown; planData?: unknown; foodLog?: OfferedFood };
  const plans = Array.isArray(planData) ? (planData as PlanData[]).filter((p) => p && (p.planType === 'meal' || p.planType === 'workout')) : [];
  if (typeof message !== 'string') return { sender: 'ai', text: 'AI response error', kind: 'error' };
  if (message.trim() === '' && plans.length === 0) return { sender: 'ai', text: 'Error formatting the response. Please try again.', kind: 'error' };
  return { sender: 'ai', text: message, planData: plans, ...(foodLog && typeof foodLog.food === 'string' && { foodLog }) };
}

/** The toast after a save (docs/product.md#what-the-user-is-told-when-something-fails), shown whatever the answer (docs/product.md#the-calls). */
export const savedToast = (plan: Pick<PlanData, 'planType'>) => (plan.planType === 'meal' ? 'Meal plan saved!' : 'Workout plan saved!');

/** The log's exchanges as conversation lines: the question, then the answer with its plans (or the error shown then). */
export function linesOfExchanges(exchanges: Array<{ question: string; answer: string | null; failed: boolean; planData: unknown[] }>): ChatLine[] {
  return exchanges.flatMap((x): ChatLine[] => {
    const asked: ChatLine = { sender: 'user', text: x.question };
    if (x.answer !== null) return [asked, replyLine({ message: x.answer, planData: x.planData })];
    return x.failed ? [asked, { sender: 'ai', kind: 'error', text: 'Error: Could not process request' }] : [asked];
  });
}
