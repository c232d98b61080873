import type { QueuedCommand } from './db';

/** When a read's data was fetched and what time it is now (epoch ms): a view counts running time between them. */
export interface Instants {
  fetchedAt: number;
  now: number;
}

/** A read's data as the page should show it: the server's last answer with the changes still waiting applied. */
export type PendingView = (data: unknown, waiting: QueuedCommand[], instants: Instants, url: string) => unknown;

const views: { url: string | RegExp; view: PendingView }[] = [];
const viewOf = (url: string) => views.find((v) => (typeof v.url === 'string' ? v.url === url : v.url.test(url)))?.view;

/**
 * A feature says how its changes show in one of its reads (an address, or a pattern of them) before the server has
 * them. A pattern's view also answers a read never fetched (a session started offline): its data is then undefined.
 */
export function registerPendingView(url: string | RegExp, view: PendingView): void {
  views.push({ url, view });
}

export const answersUnfetched = (url: string) => views.some((v) => typeof v.url !== 'string' && v.url.test(url));

export function pendingView(url: string, data: unknown, waiting: QueuedCommand[], instants: Instants): unknown {
  const view = viewOf(url);
  return view ? view(data, waiting, instants, url) : data;
}
