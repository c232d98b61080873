import { z } from 'zod';
import { TICKET_COMPONENTS, TICKET_STATUSES } from '../../../../events/ticket.js';
import { MAX_DESCRIPTION } from '../../../../contract/support/descriptionLimit.js';

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

/** A ticket's own words (its description, a reply): trimmed, one character to the ticket's limit. */
const ticketText = (what: string, missing: string) =>
  z.preprocess(trimmed, z.string({ error: missing }).min(1, missing).max(MAX_DESCRIPTION, `The ${what} must be at most ${MAX_DESCRIPTION} characters`));

/** POST /api/ticket-report. Messages are the sentences the ticket page shows (see `parseForm`). */
export const ticketReportInput = z
  .object({
    component: z.preprocess(
      trimmed,
      z
        .string({ error: 'Please select a category' })
        .min(1, 'Please select a category')
        .pipe(z.enum(TICKET_COMPONENTS, { error: `Please select a category: it must be one of ${TICKET_COMPONENTS.join(', ')}` })),
    ),
    description: ticketText('description', 'Please enter a description'),
  })
  .strict();

export const TICKET_REPORT_FIELDS = ['component', 'description'] as const;

/** PUT /api/tickets/{id}. */
export const ticketStatusInput = z
  .object({ status: z.enum(TICKET_STATUSES, { error: `must be one of ${TICKET_STATUSES.join(', ')}` }) })
  .strict();

/** POST /api/tickets/{id}/replies: a message under the ticket, held to the ticket's own length. */
export const ticketReplyInput = z
  .object({
    message: ticketText('message', 'Please write a message'),
  })
  .strict();

export const TICKET_REPLY_FIELDS = ['message'] as const;
