import { defineConfig } from 'vitest/config';

// The browser suite: the real server (a child process on a fresh SQLite file) serving the built
// console, driven in Debian's headless Chromium. One file at a time: the machine has two cores.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Screens load chunks on first visit: give polled expectations a few seconds.
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});
