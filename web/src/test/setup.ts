// Test setup for the unit project. Only jsdom files get the DOM helpers; node files (shared, gateway) pass through.
import { afterAll, afterEach, expect } from 'vitest';

if (typeof window !== 'undefined') {
  const { cleanup, configure, waitFor } = await import('@testing-library/react');
  // findBy / waitFor give up after 1 s by default: too short for a dialog on a loaded 2-core CI machine (a
  // waiting test is not a timing assertion; the answer still has to come)
  configure({ asyncUtilTimeout: 5_000 });
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  // A toast still showing when a file ends (messages last 3 s, alarm toasts 8 s) would fire its exit-transition
  // timers after jsdom is torn down ('window is not defined': an unhandled error that fails the whole unit run), and
  // with files sharing a worker (isolate: false) it would still be on the next file's page, a second role="alert".
  // One shown under fake timers never leaves by itself (its timer went with them). So every jsdom file closes the
  // toasts left (their close button, as a user would) and waits until the last one has left.
  afterAll(async () => {
    for (const close of document.querySelectorAll<HTMLElement>('.bp6-toast button')) close.click();
    await waitFor(() => expect(document.querySelector('.bp6-toast')).toBeNull(), { timeout: 9_000 }).catch(
      () => undefined,
    );
    // the toaster is a React root of its own that cleanup() does not unmount: let the work its last toast's leaving
    // scheduled (React's scheduler runs on setImmediate) run before jsdom goes, or it meets 'window is not defined'
    await new Promise((resolve) => setTimeout(resolve, 50));
  }, 10_000);
  // jsdom lacks these; Blueprint popovers and our responsive layout ask for them.
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  if (!('ResizeObserver' in window)) {
    (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
}
