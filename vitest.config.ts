import fs from 'node:fs';
import os from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const componentSetup = 'tests/component/setup.ts';

/**
 * `npm test` must pass on a laptop doing other things: nothing here depends on how fast the machine
 * is. Timeouts are generous where the waiting is real (servers, databases, a React tree rendering
 * under load); they only ever fire on a test that was going to fail anyway.
 */
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts?(x)', 'tests/api/**/*.test.ts', 'tests/component/**/*.test.tsx'],
    environment: 'node',
    passWithNoTests: true,
    // Two workers at most: more only multiplies memory and contention on a busy 2-core machine.
    maxWorkers: Math.max(1, Math.min(2, os.availableParallelism())),
    // The projects do not extend the root: extending would merge the root's include into each one.
    projects: [
      {
        test: {
          name: 'server',
          include: ['tests/unit/**/*.test.ts?(x)', 'tests/api/**/*.test.ts'],
          environment: 'node',
          // Real servers on real databases, argon2 hashing: give slow machines room.
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // The API tests hash thousands of passwords: a cheap argon2 cost (server/users/password.ts
          // honours it only under Vitest); production keeps the library's default cost.
          env: { ARGON2_TEST_COST: 'cheap' },
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'component',
          include: ['tests/component/**/*.test.tsx'],
          environment: 'jsdom',
          // One module cache and one jsdom per worker: antd, Refine and React load once, not once per
          // file (that halved these tests' CPU time). tests/component/setup.ts restores what a test
          // may change (DOM, storage, auth state, viewport, timers) after each test.
          isolate: false,
          // React and jsdom allocate a lot of short-lived objects: a larger young generation spends
          // less time collecting them (about a tenth less CPU here).
          execArgv: ['--max-semi-space-size=32'],
          setupFiles: fs.existsSync(componentSetup) ? [componentSetup] : [],
          // A React tree with antd renders in hundreds of ms in jsdom, seconds on a loaded machine.
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Refine's router hooks must see the same react-router copy as the app.
          server: { deps: { inline: [/@refinedev\//] } },
        },
      },
    ],
  },
});
