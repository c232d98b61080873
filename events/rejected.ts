/**
 * A command the decider refuses: a domain fact, not an HTTP one. The kind says what the caller can do about it;
 * the HTTP layer (services/platform/http.ts) maps each kind to a status.
 */
export type RejectionKind = 'invalid' | 'unauthenticated' | 'forbidden' | 'not_found' | 'conflict' | 'unverified';

export class Rejected extends Error {
  constructor(
    readonly kind: RejectionKind,
    message: string,
  ) {
    super(message);
    this.name = 'Rejected';
  }
}
