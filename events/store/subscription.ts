import type { EventStore, SubscribeOptions, Subscription } from './port.js';

const PAGE = 500;
const IDLE_POLL_MS = 250;

/**
 * A catch-up subscription built on `readAll`: pages through history, then waits for a wake-up (or the poll
 * interval) and reads again. Events are delivered one at a time, in position order, each awaited.
 */
export function pollingSubscription(
  store: Pick<EventStore, 'readAll'>,
  { after = 0, onEvent, onCaughtUp, onError }: SubscribeOptions,
  listen: (wake: () => void) => () => void,
): Subscription {
  let closed = false;
  let position = after;
  let wake: (() => void) | undefined;
  // Set when an append lands while a page is being delivered, so the next wait does not sleep through it.
  let appendedMeanwhile = false;
  const unlisten = listen(() => {
    appendedMeanwhile = true;
    wake?.();
  });

  const idle = () =>
    new Promise<void>((resolve) => {
      if (appendedMeanwhile || closed) return resolve();
      const timer = setTimeout(done, IDLE_POLL_MS);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });

  const loop = async () => {
    while (!closed) {
      try {
        appendedMeanwhile = false;
        const page = await store.readAll(position, PAGE);
        for (const event of page) {
          if (closed) return;
          await onEvent(event);
          position = event.position;
        }
        if (page.length < PAGE) {
          onCaughtUp?.(position);
          await idle();
        }
      } catch (error) {
        if (closed) return;
        onError?.(error);
        await idle();
      }
    }
  };
  const running = loop();

  return {
    async close() {
      closed = true;
      unlisten();
      wake?.();
      await running;
    },
  };
}
