/**
 * The trainer could not answer: the provider was slow, busy or down, or wrote twice what we could not read. The
 * status and message are what the chat answers; `reason` is what the log of the exchange keeps.
 */
export class TrainerUnavailable extends Error {
  constructor(
    readonly status: 502 | 503,
    message: string,
    readonly reason: string,
    /** Seconds, when the provider said how long to wait. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}
