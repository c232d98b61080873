/** GET /api/chat/history's answer, shared with the web client (this file imports nothing). */

export interface ChatExchange {
  exchangeId: string;
  /** The question's place in the log. */
  position: number;
  /** The question's place in the person's chat stream: the cursor (`before`) to page back from. */
  revision: number;
  askedAt: string;
  question: string;
  /** The trainer's answer; null while none was given. */
  answer: string | null;
  /** The trainer could not answer (the chat showed an error). */
  failed: boolean;
  /** The plans offered with the answer, exactly as offered (each can still be saved with POST /api/savePlan). */
  planData: Array<{ planType: 'meal' | 'workout'; name: string; [field: string]: unknown }>;
}

export interface ChatHistoryAnswer {
  /** Oldest first, so the newest is last. */
  exchanges: ChatExchange[];
  /** Pass as `before` for the page of older exchanges (the oldest one's `revision`); null when there are none. */
  olderBefore: number | null;
}
