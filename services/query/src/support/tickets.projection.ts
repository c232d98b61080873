import type { TicketStatus } from '../../../../contract/support/ticketLists.js';
import type { AppEvent } from '../../../../events/catalog.js';
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
  /** The list entries it is listed under (`ticketEntries`), which the read model store keeps beside it. */
  _index?: string[];
}

/** A ticket's doc after an event, without its list entries. */
function evolveTicket(doc: TicketDoc | undefined, event: AppEvent): TicketDoc | undefined {
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
}

export const ticketsProjection: Projection<TicketDoc> = {
  name: 'tickets',
  // 2: each doc names the list entries it is listed under, so the lists read a page, not the collection.
  version: 2,
  handles: ['TicketSubmitted', 'TicketStatusChanged', 'TicketReplied', 'TicketRepliesRead', 'TicketWithdrawn'],
  key: (event) => (event.data as { ticketId: string }).ticketId,
  evolve(doc, event) {
    const next = evolveTicket(doc, event);
    return next && { ...next, _index: ticketEntries(next) };
  },
};

/** Staff replies the reporter has not read yet. */
export const unreadOf = (doc: TicketDoc) => Math.max(0, (doc.thread ?? []).filter((r) => r.from === 'staff').length - (doc.staff_replies_read ?? 0));

/** The thread as both sides read it, oldest first; who of the staff wrote each reply stays with staff. */
export const threadOf = (doc: TicketDoc): TicketReply[] => (doc.thread ?? []).map(({ reply_id, from, message, created_at }) => ({ reply_id, from, message, created_at }));

/** What a search asks of a ticket (its status and component narrow by the list it is read from, `ticketListPrefix`). */
export interface TicketFilter {
  /** Matched case-insensitively as one phrase, in the description or a reply. */
  text?: string;
}

/** Whether a ticket is among those the search asks for. */
export function matches(doc: TicketDoc, { text }: TicketFilter): boolean {
  if (!text) return true;
  const needle = text.toLowerCase();
  return doc.description.toLowerCase().includes(needle) || (doc.thread ?? []).some((r) => r.message.toLowerCase().includes(needle));
}

/** Where a page of the list ends: the last ticket's instant and log position (its place in the order below). */
export interface TicketPlace {
  createdAt: string;
  position: number;
}

/**
 * A ticket's place in the lists' order as a string that sorts as the order does: newest last here, read highest
 * first; two tickets of the same instant by the log position they were submitted at. ISO instants of the same form
 * compare as plain strings, and the position is zero-padded to compare so too.
 */
export const placeKey = ({ createdAt, position }: TicketPlace) => `${createdAt}/${String(position).padStart(16, '0')}`;

/** Which list a read walks: every ticket, those of a status, of a component, of both, or one person's own. */
export interface TicketList {
  status?: TicketStatus;
  component?: string;
  userId?: string;
}

/** Where the entries of a list start: each list is the entries under its own prefix. */
export function ticketListPrefix({ status, component, userId }: TicketList): string {
  if (userId) return `u/${userId}/`;
  if (status && component) return `sc/${status}/${component}/`;
  if (status) return `s/${status}/`;
  return component ? `c/${component}/` : 'a/';
}

/** The entries a ticket is listed under, one per list it belongs to, each ending in its place. */
export function ticketEntries(doc: TicketDoc): string[] {
  const place = placeKey({ createdAt: doc.created_at, position: doc.submitted_position });
  const { status, component, user_id: userId } = doc;
  return [{}, { status }, { component }, { status, component }, { userId }].map((list) => ticketListPrefix(list) + place);
}

/** Where a page of the list ends: its last ticket's place. */
export const placeOf = (doc: TicketDoc): TicketPlace => ({ createdAt: doc.created_at, position: doc.submitted_position });

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
