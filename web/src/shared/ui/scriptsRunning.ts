import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False in prerendered HTML and while React hydrates it, true once the page's scripts run it. Until then a form of a
 * prerendered page is not to be used: what is typed into a field would not reach the form's state, and a form sent
 * would go out as the browser's own GET, its fields (a password among them) in the address.
 */
export const useScriptsRunning = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
