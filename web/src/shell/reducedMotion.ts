// The user's "reduce motion" preference (an accessibility setting of the system or browser): the shell's own
// JS-timed animations (menu groups sliding open) follow it; app.css turns CSS transitions off for it.
import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/** Whether the user asked for reduced motion; follows changes to the preference. */
export const useReducedMotion = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
