import fs from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const componentSetup = 'tests/component/setup.ts';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts?(x)', 'tests/api/**/*.test.ts', 'tests/component/**/*.test.tsx'],
    environment: 'node',
    passWithNoTests: true,
    // The projects do not extend the root: extending would merge the root's include into each one.
    projects: [
      {
        test: {
          name: 'server',
          include: ['tests/unit/**/*.test.ts?(x)', 'tests/api/**/*.test.ts'],
          environment: 'node',
          // Real servers on real databases, argon2 hashing: give slow machines room.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'component',
          include: ['tests/component/**/*.test.tsx'],
          environment: 'jsdom',
          isolate: false,
          setupFiles: fs.existsSync(componentSetup) ? [componentSetup, ...(process.env.PROF ? ['tests/component/prof-setup.tmp.ts'] : [])] : [],
          // Refine's router hooks must see the same react-router copy as the app.
          server: { deps: { inline: [/@refinedev\//] } },
        },
      },
    ],
  },
});
