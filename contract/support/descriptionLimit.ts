/**
 * The longest ticket description the server records. The ticket page states it before anything is typed and counts
 * toward it, so nothing is cut or refused by surprise; imports nothing, so the web build takes nothing else from the
 * server.
 */
export const MAX_DESCRIPTION = 5000;
