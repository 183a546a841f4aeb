// One vitest run, three projects: `unit` (next to the code, fast, no I/O beyond memory), `integration`
// (the gateway over real HTTP and sockets on PGlite, or PostgreSQL when DATABASE_URL is set) and `e2e`
// (the built web app driven in Debian's Chromium).
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        // The React plugin only matters for web/ (JSX); shared and gateway tests stay in node. Web component tests
        // opt into the DOM with `// @vitest-environment jsdom` at the top of the file.
        plugins: [react()],
        test: {
          name: 'unit',
          include: ['shared/src/**/*.test.ts', 'gateway/src/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['web/src/test/setup.ts'],
          // a form test types into several fields (user-event, jsdom): past the 5 s default on a loaded 2-core CI
          // machine. A limit, not a timing assertion.
          testTimeout: 20_000,
          // two files at a time: most of a jsdom file's time is loading the page's modules, and Vitest's default on
          // CI's two cores is one worker
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // two files side by side (each has its own app, database and ports, all picked at random): CI's two cores
          // take the suite in about two thirds of the time, twice over (PGlite, then PostgreSQL). Vitest's default
          // there is one worker.
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
