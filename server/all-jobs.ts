import type { Job } from './platform/jobs/runner.js';
import { usdtWatcher } from './finance/usdt/watcher.js';
import { autoRefundJob, expiryJob } from './links/jobs.js';
import { upstreamJobs } from './upstream/jobs.js';

/**
 * Every background job of the server, one line per domain. They run in the process started by
 * `npm start` (server/main.ts), each under its database lease; tests run them with `runNow`.
 */
export const allJobs: Job[] = [
  usdtWatcher, expiryJob, autoRefundJob,
  ...upstreamJobs,
];
