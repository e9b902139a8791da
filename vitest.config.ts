import { defineConfig } from 'vitest/config';

// Two projects: fast unit tests (engine, domain, web logic) and server integration tests
// that run against a real database (PGlite always; PostgreSQL when reachable).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/{engine,domain,web}/test/**/*.test.{ts,tsx}',
            'packages/server/test/unit/**/*.test.ts',
            'bench/test/**/*.test.ts',
          ],
          // Whole-year engine runs take 1–5 s each on a busy 2-core machine (cold JIT): 5 s is too tight.
          testTimeout: 30_000,
          // Files of a worker share their modules (import and transform were most of the stage's
          // time: 54 s of tests in 125 s); tests that stub globals or use fake timers restore them.
          isolate: false,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['packages/server/test/integration/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two files at a time (the machines have two cores): each test worker has a PostgreSQL
          // database of its own (test/integration/pgServer.ts workerDatabaseUrl), and PGlite is
          // per suite, so files share nothing but the server.
          maxWorkers: 2,
          // Files of a worker share their modules: importing the server's graph again for each of
          // ~70 files cost more than two minutes of the suite. Suites share no state through
          // modules: each builds its own app and database (harness.ts).
          isolate: false,
        },
      },
    ],
  },
});
