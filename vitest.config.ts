// One vitest run, three projects: `unit` (next to the code, fast, no I/O beyond memory), `integration`
// (the gateway over real HTTP and sockets on PGlite, or PostgreSQL when DATABASE_URL is set) and `e2e`
// (the built web app driven in Debian's Chromium).
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        // Pure tests next to the code: shared, gateway and the web's functions (node; a file that needs the DOM says
        // `// @vitest-environment jsdom` at its top).
        plugins: [react()],
        test: {
          name: 'unit',
          include: ['shared/src/**/*.test.ts', 'gateway/src/**/*.test.ts', 'web/src/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['web/src/test/setup.ts'],
          testTimeout: 20_000,
          maxWorkers: 2,
          // files share a worker's loaded modules: these hold no state a test leaves behind (pure functions, and the
          // few DOM ones are cleared after every test by setup.ts)
          isolate: false,
        },
      },
      {
        // The web's component tests (React Testing Library in jsdom, `// @vitest-environment jsdom` at the top).
        plugins: [react()],
        test: {
          name: 'unit-dom',
          include: ['web/src/**/*.test.tsx'],
          environment: 'node',
          setupFiles: ['web/src/test/setup.ts'],
          // a form test types into several fields (user-event, jsdom): past the 5 s default on a loaded 2-core CI
          // machine. A limit, not a timing assertion.
          testTimeout: 20_000,
          // two files at a time: most of a jsdom file's time is loading the page's modules, and Vitest's default on
          // CI's two cores is one worker
          maxWorkers: 2,
          // each file in a fresh module graph: sharing them (isolate: false) saved ~2 min but let one page's state
          // reach another file (a toast, a popover, a request hook) and failed tests at random
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          // one migrated database that every test app copies (tests/fixtures/databaseTemplate.ts)
          globalSetup: ['tests/fixtures/databaseTemplate.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // two files side by side (each has its own app, database and ports, all picked at random): CI's two cores
          // take the suite in about two thirds of the time, twice over (PGlite, then PostgreSQL). Vitest's default
          // there is one worker.
          fileParallelism: true,
          maxWorkers: 2,
          // files share a worker's loaded modules (each file still builds its own app and database): loading the
          // gateway took ~8 s of every file's ~14. Safe because no module keeps per-app state at module level
          // (state lives on the app or in a WeakMap keyed by its database).
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // expect.poll waits as long as a playwright step (harness.ts newContext: 20 s), not vitest's 1 s: a dialog
          // closing after a save took over a second on CI with two files running (a wait, not a timing assertion)
          expect: { poll: { timeout: 20_000, interval: 100 } },
          // two files side by side, each with its own server process, data folder and browser: most of a file's
          // time is waiting (a server starting, a page loading, a live push arriving), so CI's two cores take the
          // suite in well under its serial time
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
    ],
  },
});
