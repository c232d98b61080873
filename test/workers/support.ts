import { until } from '../support/until.js';
import { randomUUID } from 'node:crypto';
import { newEvent, type AppEvent } from '../../events/catalog.js';
import type { EventStore } from '../../events/store/port.js';
import { subscriptionStream } from '../../events/streams.js';
import { DISPATCHER_CHECKPOINT } from '../../services/workers/src/dispatcher.js';

/** What the subscription slice appends once a checkout is paid; appended here directly (the brief allows it). */
export async function activateSubscription(events: EventStore, userId: string, activatedAt: string): Promise<AppEvent> {
  const id = randomUUID();
  await events.append(
    subscriptionStream(userId),
    [
      newEvent(
        'SubscriptionActivated',
        { userId, checkoutSessionId: `cs_${id}`, interval: 'monthly', provider: 'test', stripeCustomerId: null, stripeSubscriptionId: null, via: 'confirmation', activatedAt },
        id,
      ),
    ],
    'any',
  );
  return (await events.readStream(subscriptionStream(userId))).find((e) => e.id === id) as AppEvent;
}

export async function cancelSubscription(events: EventStore, userId: string, cancelledAt: string): Promise<void> {
  await events.append(subscriptionStream(userId), [newEvent('SubscriptionCancelled', { userId, reason: 'Too expensive', cancelledAt })], 'any');
}

export const eventsOf = async (events: EventStore, stream: string, type?: string) =>
  ((await events.readStream(stream)) as AppEvent[]).filter((e) => type === undefined || e.type === type);

export { until };

/**
 * Until the dispatcher has queued every event in the log and the queues are idle, again until no job appended an
 * event meanwhile: a job's events (a deletion's last steps, say) route jobs of their own after the first drain.
 */
export async function settled(system: { events: EventStore; readModels: { checkpoints(p: string[]): Promise<Map<string, number>> }; queue: { drain(): Promise<void> } }): Promise<void> {
  for (let head = await system.events.headPosition(); ; ) {
    await until('the dispatcher to catch up', async () => ((await system.readModels.checkpoints([DISPATCHER_CHECKPOINT])).get(DISPATCHER_CHECKPOINT) ?? 0) >= head);
    await system.queue.drain();
    const after = await system.events.headPosition();
    if (after === head) return;
    head = after;
  }
}
