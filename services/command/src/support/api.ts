import { ticketStream } from '../../../../events/streams.js';
import { execute, type CommandContext } from '../execute.js';
import { withdrawTicket } from './decide.js';
import { ticket } from './ticket.js';

/** What other slices may do with tickets: withdraw every ticket a user reported (their account is deleted). */
export async function withdrawTicketsOf(ctx: CommandContext, userId: string, now: string): Promise<void> {
  const reported = (await ctx.store.readUser(userId)).filter((e) => e.type === 'TicketSubmitted').map((e) => (e.data as { ticketId: string }).ticketId);
  for (const ticketId of new Set(reported)) await execute(ctx, ticketStream(ticketId), ticket, (state) => withdrawTicket(state, { now }));
}
