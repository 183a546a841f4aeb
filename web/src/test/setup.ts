// Test setup for the unit project. Only jsdom files get the DOM helpers; node files (shared, gateway) pass through.
import { afterEach } from 'vitest';

if (typeof window !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react');
  // findBy / waitFor give up after 1 s by default: too short for a dialog on a loaded 2-core CI machine (a
  // waiting test is not a timing assertion; the answer still has to come)
  configure({ asyncUtilTimeout: 5_000 });
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
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
