import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/**
 * SQLite's WAL is copied back into the database file (a checkpoint: the pages, then two fsyncs) by
 * whichever commit finds it past 1000 pages, and better-sqlite3 runs that commit on the event loop:
 * every few dozen messages one request waited 10 ms and more for the disk. Here a worker thread with
 * a connection of its own checkpoints instead, every CHECKPOINT_MS, in PASSIVE mode (it never waits
 * for a writer or a reader, nor makes one wait), so the disk waits happen off the event loop. The
 * WAL starts over from its beginning only once a checkpoint has caught up with every commit, so a
 * round repeats while commits landed meanwhile. The main connection checkpoints itself only past
 * SAFETY_PAGES (writes so steady the worker never catches up), and as SQLite does by default if the
 * worker stops.
 */
const CHECKPOINT_MS = 100;
const SAFETY_PAGES = 4000;

// CommonJS run by the worker (eval): no TypeScript loader is needed in the thread.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.file, { timeout: 1000 });
const timer = setInterval(() => {
  try {
    for (let i = 0; i < 10; i++) {
      const [r] = db.pragma('wal_checkpoint(PASSIVE)');
      if (r.log === r.checkpointed) break;
    }
  } catch { /* busy or closing: the next round tries again */ }
}, workerData.everyMs);
parentPort.on('message', () => { clearInterval(timer); db.close(); parentPort.close(); });
`;

export interface Checkpointer {
  stop(): Promise<void>;
}

export function startCheckpointer(sqlite: SQLite.Database, file: string): Checkpointer {
  const module = createRequire(import.meta.url).resolve('better-sqlite3');
  let worker: Worker | null = new Worker(WORKER, { eval: true, workerData: { module, file, everyMs: CHECKPOINT_MS } });
  worker.unref();
  sqlite.pragma(`wal_autocheckpoint = ${SAFETY_PAGES}`);
  const stopped = new Promise<void>((resolve) => {
    const fallBack = () => {
      worker = null;
      // The worker is gone (stopped, or failed): commits checkpoint again as SQLite does by default.
      if (sqlite.open) sqlite.pragma('wal_autocheckpoint = 1000');
      resolve();
    };
    worker!.once('exit', fallBack);
    worker!.once('error', () => undefined);
  });
  return {
    stop() {
      // Held again until it has exited: a process waiting on this alone would otherwise end with it half-closed.
      worker?.ref();
      worker?.postMessage('stop');
      return stopped;
    },
  };
}
