import type { EventLog } from '../../../../events/store/port.js';
import type { JobRoute } from '../dispatcher.js';
import type { JobHandler } from '../jobs/port.js';
import { MAIL_QUEUE, ownerMail, type Mailer } from '../mail/api.js';

export const TICKET_REPLY_MAIL = 'ticket-reply';

/** Each staff reply mails the ticket's reporter; their own replies mail nobody. */
export const ticketReplyMailRoute: JobRoute = (event) =>
  event.type === 'TicketReplied' && event.data.byStaff
    ? [{ id: event.id, queue: MAIL_QUEUE, name: TICKET_REPLY_MAIL, data: { userId: event.data.userId } }]
    : [];

/**
 * Tells the reporter an answer waits, with the way to it. The reply itself stays in the app, behind their sign-in: a
 * mail is read on shared screens and forwarded, and a thread may quote what they wrote about their health.
 */
export const ticketReplyMailHandler = (events: EventLog, mailer: Mailer, publicUrl: string): JobHandler =>
  ownerMail<{ userId: string }>(events, mailer, () => ({
    subject: 'Our support team answered your ticket',
    text: `Hello,\n\nOur support team replied to a ticket you sent. Read the reply, and answer it if you like, on your tickets page:\n\n${publicUrl}/ticket\n\nYou get this mail once for each reply from our team.\n`,
  }));
