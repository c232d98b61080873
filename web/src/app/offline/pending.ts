import type { QueuedCommand } from './db';

/** When a read's data was fetched and what time it is now (epoch ms): a view counts running time between them. */
export interface Instants {
  fetchedAt: number;
  now: number;
}

/** A read's data as the page should show it: the server's last answer with the changes still waiting applied. */
export type PendingView = (data: unknown, waiting: QueuedCommand[], instants: Instants) => unknown;

const views = new Map<string, PendingView>();

/** A feature says how its changes show in one of its reads before the server has them. */
export function registerPendingView(url: string, view: PendingView): void {
  views.set(url, view);
}

export function pendingView(url: string, data: unknown, waiting: QueuedCommand[], instants: Instants): unknown {
  const view = views.get(url);
  return view ? view(data, waiting, instants) : data;
}
