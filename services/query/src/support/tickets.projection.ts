import type { TicketStatus } from '../../../../contract/support/ticketLists.js';
import type { Projection } from '../projection.js';
import type { Ticket, TicketReply } from '../../../../contract/support/ticketAnswer.js';

/** One message of a ticket's thread as kept: who wrote it (staff may write under the reporter's ticket). */
export interface TicketReplyDoc extends TicketReply {
  author_id: string;
}

/**
 * The spec's Ticket (docs/product.md#what-the-app-keeps-and-answers), one doc per ticket, with its thread, how many of
 * the staff replies the reporter has read, and the log position it was submitted at to order the list by.
 */
export interface TicketDoc {
  ticket_id: string;
  user_id: string;
  component: string;
  description: string;
  created_at: string;
  status: TicketStatus;
  submitted_position: number;
  /** Absent on docs stored before tickets had threads, read as none. */
  thread?: TicketReplyDoc[];
  staff_replies_read?: number;
}

export const ticketsProjection: Projection<TicketDoc> = {
  name: 'tickets',
  handles: ['TicketSubmitted', 'TicketStatusChanged', 'TicketReplied', 'TicketRepliesRead', 'TicketWithdrawn'],
  key: (event) => (event.data as { ticketId: string }).ticketId,
  evolve(doc, event) {
    switch (event.type) {
      case 'TicketSubmitted':
        return {
          ticket_id: event.data.ticketId,
          user_id: event.data.userId,
          component: event.data.component,
          description: event.data.description,
          created_at: event.data.submittedAt,
          status: 'New',
          submitted_position: event.position,
          thread: [],
          staff_replies_read: 0,
        };
      case 'TicketStatusChanged':
        return doc && { ...doc, status: event.data.toStatus };
      case 'TicketReplied': {
        if (!doc) return doc;
        const reply: TicketReplyDoc = {
          reply_id: event.data.replyId,
          from: event.data.byStaff ? 'staff' : 'reporter',
          message: event.data.message,
          created_at: event.data.repliedAt,
          author_id: event.data.authorId,
        };
        return { ...doc, thread: [...(doc.thread ?? []), reply] };
      }
      case 'TicketRepliesRead':
        return doc && { ...doc, staff_replies_read: Math.max(doc.staff_replies_read ?? 0, event.data.staffReplies) };
      case 'TicketWithdrawn':
        return undefined;
      default:
        return doc;
    }
  },
};

/** Staff replies the reporter has not read yet. */
export const unreadOf = (doc: TicketDoc) => Math.max(0, (doc.thread ?? []).filter((r) => r.from === 'staff').length - (doc.staff_replies_read ?? 0));

/** The thread as both sides read it, oldest first; who of the staff wrote each reply stays with staff. */
export const threadOf = (doc: TicketDoc): TicketReply[] => (doc.thread ?? []).map(({ reply_id, from, message, created_at }) => ({ reply_id, from, message, created_at }));

/** What staff may narrow the list to: a status, a component, words of the description or of a reply. */
export interface TicketFilter {
  status?: TicketStatus;
  component?: string;
  /** Matched case-insensitively as one phrase. */
  text?: string;
}

/** Whether a ticket is among those the filter asks for. */
export function matches(doc: TicketDoc, { status, component, text }: TicketFilter): boolean {
  if (status && doc.status !== status) return false;
  if (component && doc.component !== component) return false;
  if (!text) return true;
  const needle = text.toLowerCase();
  return doc.description.toLowerCase().includes(needle) || (doc.thread ?? []).some((r) => r.message.toLowerCase().includes(needle));
}

/** Where a page of the list ends: the last ticket's instant and log position (its place in the order below). */
export interface TicketPlace {
  createdAt: string;
  position: number;
}

/** Newest first; two tickets of the same instant in the order they were submitted, newest first. ISO instants compare as plain strings. */
const newestFirst = (a: { created_at: string; submitted_position: number }, b: { created_at: string; submitted_position: number }) =>
  a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : b.submitted_position - a.submitted_position;

/**
 * GET /api/tickets: up to `limit` tickets in the list's order, from the one after `after` (the start when absent),
 * and the place of the last one when more follow (null at the end). Keyed on a ticket's place rather than a count of
 * rows, so a ticket submitted while staff read page 1 does not push a row of page 1 onto page 2 again.
 */
export function ticketPage(docs: TicketDoc[], { limit, after }: { limit: number; after?: TicketPlace }): { docs: TicketDoc[]; next: TicketPlace | null } {
  const anchor = after && { created_at: after.createdAt, submitted_position: after.position };
  const listed = docs.filter((doc) => !anchor || newestFirst(anchor, doc) < 0).sort(newestFirst);
  const page = listed.slice(0, limit);
  const last = page.at(-1);
  return { docs: page, next: listed.length > limit && last ? { createdAt: last.created_at, position: last.submitted_position } : null };
}

/** The spec's Ticket of a doc, with how long its thread is. */
export const ticketOf = ({ ticket_id, user_id, component, description, created_at, status, thread }: TicketDoc): Ticket => ({
  ticket_id,
  user_id,
  component,
  description,
  created_at,
  status,
  replies: thread?.length ?? 0,
});
