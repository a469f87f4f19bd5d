/**
 * Wakes `?wait=` reads across server processes on PostgreSQL: a delivery publishes its link ids
 * with NOTIFY (through the pool), and every process LISTENs on a dedicated connection and wakes its
 * own waiters (notify.ts). The channel is per schema; a process ignores its own notices (it woke
 * its waiters already, and a late echo must not wake a read that began after the code). When the
 * listening connection breaks (PostgreSQL restarted, the network), it tries again with a growing
 * pause (up to 5 s) for as long as it takes; meanwhile waits end at their timeout, as they would
 * without the signal.
 */
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { sql } from 'kysely';
import type { Database } from '../platform/db/connection.js';
import { codeSignal, type CodeSignal } from './code-wake.js';

/** NOTIFY payloads are limited to 8000 bytes: ids are sent in chunks below that. */
const MAX_PAYLOAD = 7000;
/** The longest pause between two attempts to listen again: waits are woken across processes soon after the database is back. */
const MAX_RETRY_MS = 5_000;

interface Listener {
  users: number;
  stop(): Promise<void>;
}
const listeners = new WeakMap<Database, Listener>();

/** Starts (or shares) the cross-process signal of a PostgreSQL database; the returned function releases it. */
export async function attachPgSignal(database: Database, log: FastifyBaseLogger): Promise<() => Promise<void>> {
  if (database.dialect !== 'postgres' || !database.pgPool) return async () => undefined;
  let listener = listeners.get(database);
  if (!listener) {
    try {
      listener = await startListener(database, codeSignal(database), log);
    } catch (err) {
      // The API works without it: waits in other processes end at their timeout.
      log.warn({ err }, 'code signal: cannot LISTEN; ?wait= reads wake only for codes delivered in this process');
      return async () => undefined;
    }
    listeners.set(database, listener);
  }
  listener.users++;
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    if (--listener.users === 0) {
      listeners.delete(database);
      await listener.stop();
    }
  };
}

async function startListener(database: Database, signal: CodeSignal, log: FastifyBaseLogger): Promise<Listener> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db);
  const channel = `code_signal_${rows[0].schema}`.slice(0, 63);
  const me = crypto.randomBytes(6).toString('hex');
  const options = database.pgPool!.options as pg.ClientConfig;
  let client: pg.Client | null = null;
  let stopped = false;
  let retryMs = 500;
  let timer: NodeJS.Timeout | undefined;

  const onNotice = (msg: pg.Notification) => {
    if (msg.channel !== channel || !msg.payload) return;
    const [from, list] = msg.payload.split(':');
    if (from === me || !list) return;
    signal.wakeLocal(
      list
        .split(',')
        .map(Number)
        .filter((n) => Number.isSafeInteger(n) && n > 0),
    );
  };

  async function connect(): Promise<void> {
    // The pool's connect timeout and keep-alive: a database that stopped answering is noticed and retried.
    const c = new pg.Client({
      connectionString: options.connectionString,
      options: options.options,
      connectionTimeoutMillis: options.connectionTimeoutMillis,
      keepAlive: true,
    });
    c.on('notification', onNotice);
    c.on('error', (err) => {
      log.warn({ err }, 'code signal: listening connection lost');
      reconnect(c);
    });
    c.on('end', () => reconnect(c));
    try {
      await c.connect();
      await c.query(`LISTEN "${channel.replace(/"/g, '')}"`);
    } catch (err) {
      void c.end().catch(() => undefined);
      throw err;
    }
    if (stopped) {
      void c.end().catch(() => undefined);
      return;
    }
    client = c;
    retryMs = 500;
  }

  function reconnect(broken: pg.Client) {
    if (stopped || client !== broken) return;
    client = null;
    broken.removeAllListeners('notification');
    void broken.end().catch(() => undefined);
    retry();
  }

  /** Tries again after a pause that grows while the database stays away, until it answers. */
  function retry() {
    clearTimeout(timer);
    timer = setTimeout(() => {
      connect().catch((err) => {
        log.warn({ err }, 'code signal: reconnect failed');
        retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
        if (!stopped) retry();
      });
    }, retryMs);
  }

  async function notify(tokenIds: number[]): Promise<void> {
    for (let i = 0; i < tokenIds.length;) {
      let list = '';
      while (i < tokenIds.length && list.length < MAX_PAYLOAD) list += (list ? ',' : '') + tokenIds[i++];
      await sql`select pg_notify(${channel}, ${`${me}:${list}`})`.execute(database.db);
    }
  }

  // One NOTIFY at a time: the ids published while one is on its way go together in the next, so
  // a burst of deliveries costs a few round trips instead of one each (an idle process sends at once).
  let waiting: number[] = [];
  let sending = false;
  async function drain(): Promise<void> {
    sending = true;
    try {
      while (waiting.length) {
        const ids = waiting;
        waiting = [];
        await notify(ids).catch((err) => log.warn({ err }, 'code signal: NOTIFY failed'));
      }
    } finally {
      sending = false;
    }
  }

  await connect();
  signal.attach({
    send(tokenIds) {
      waiting.push(...tokenIds);
      if (!sending) void drain();
    },
  });

  return {
    users: 0,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      signal.attach({ send: () => undefined });
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
