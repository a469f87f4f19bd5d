/**
 * The API server in a child process on PostgreSQL, every statement it sends counted (bench/purchase-sql.ts).
 * `serve postgres`: a fresh schema seeded with buyers and one product (bench/seed.ts), dropped on exit;
 * with PURCHASE_SQL_SCHEMA set, a second process on that schema instead (nothing migrated or seeded).
 *
 * Counting: pg's Client.prototype.query is wrapped, so every statement of the process is seen as it
 * is sent, whatever sent it (Kysely, the LISTEN connection, a job). One call of `query` is one round
 * trip (pg sends Parse/Bind/Execute/Sync together and waits for the answer); one sent while another is
 * still awaited (two reads side by side) is not waited for on its own. A statement counts as
 * inside a transaction between the BEGIN and the COMMIT or ROLLBACK its connection sent.
 * The parent asks over IPC: `{ op: 'reset' }`, `{ op: 'report' }`, `{ op: 'explain' }` (the counted statements' plans).
 */
import crypto from 'node:crypto';
import type net from 'node:net';
import pg from 'pg';
import { serverModules } from './server.js';
import { seedBuyers } from './seed.js';
import { SUP_PASSWORD } from './scale-server.js';

export interface Counted {
  /** The statement's text as sent, whitespace collapsed: its shape (parameters are $n). */
  sql: string;
  calls: number;
  /** Of `calls`, those inside a transaction. */
  inTransaction: number;
}

export interface SqlReport {
  roundTrips: number;
  /** Of `roundTrips`, those sent while no other was awaited: the ones a request waits for one after another. */
  waited: number;
  statements: Counted[];
}

const counted = new Map<string, Counted & { example: unknown[] }>();
let roundTrips = 0;
let waited = 0;
let inFlight = 0;
const open = new WeakSet<object>();

const query = pg.Client.prototype.query as unknown as (...args: unknown[]) => Promise<unknown>;
// Every query of the process, whatever the overload: the text is the first argument or its `text`.
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const first = args[0] as string | { text?: string } | undefined;
  const text = typeof first === 'string' ? first : first?.text;
  if (typeof text === 'string') {
    const shape = text.replace(/\s+/g, ' ').trim();
    const verb = shape.slice(0, 8).toLowerCase();
    if (verb.startsWith('begin')) open.add(this);
    const inside = open.has(this);
    if (verb.startsWith('commit') || verb.startsWith('rollback')) open.delete(this);
    roundTrips += 1;
    let c = counted.get(shape);
    if (!c) counted.set(shape, (c = { sql: shape, calls: 0, inTransaction: 0, example: [] }));
    c.calls += 1;
    if (inside) c.inTransaction += 1;
    const values = Array.isArray(args[1]) ? args[1] : typeof first === 'object' ? (first as { values?: unknown[] }).values : undefined;
    c.example = values ?? [];
    if (!inFlight) waited += 1;
    const answer = query.apply(this, args);
    if (answer instanceof Promise) {
      inFlight += 1;
      void answer.then(
        () => (inFlight -= 1),
        () => (inFlight -= 1),
      );
    }
    return answer;
  }
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

async function serve(): Promise<void> {
  const { buildApp, connect, migrate, readSettings, ensureFirstSup } = await serverModules();
  const url = process.env.BENCH_DATABASE_URL!;
  const joining = process.env.PURCHASE_SQL_SCHEMA;
  const schema = joining ?? `bench_${crypto.randomBytes(4).toString('hex')}`;
  const database = await connect({ databaseUrl: url, dataDir: '', schema });
  const cleanup = async () => {
    await database.close();
    if (joining) return;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  };
  try {
    let info: Record<string, unknown> = { schema };
    if (!joining) {
      await migrate(database.db, database.dialect);
      const now = Date.now();
      await ensureFirstSup(database.db, 'admin', SUP_PASSWORD, now - 400 * 86_400_000);
      const seeded = await seedBuyers(database, { buyers: Number(process.env.SCALE_BUYERS), stock: Number(process.env.SCALE_STOCK), now });
      info = { ...info, ...seeded };
    }
    const settings = { ...readSettings({}), codeRatePerAddress: 100_000_000, codeRatePerToken: 100_000, handlerRatePerKey: 100_000_000 };
    const app = await buildApp({ settings, database, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    process.on('message', async (m: { op: string }) => {
      if (m.op === 'reset') {
        counted.clear();
        roundTrips = 0;
        waited = 0;
        process.send!({ op: 'reset' });
      } else if (m.op === 'report') {
        const statements = [...counted.values()].map(({ sql, calls, inTransaction }) => ({ sql, calls, inTransaction }));
        process.send!({ op: 'report', report: { roundTrips, waited, statements } satisfies SqlReport });
      } else if (m.op === 'explain') {
        process.send!({ op: 'explain', plans: await explainAll(database.pgPool!) });
      }
    });
    process.on('SIGTERM', async () => {
      await app.close();
      await cleanup();
      process.exit(0);
    });
    process.send!({ ready: (app.server.address() as net.AddressInfo).port, info });
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of each counted SELECT, UPDATE, DELETE and WITH, with the parameters it
 * was last sent, each in a transaction rolled back (run twice, the second kept): the plan's lines with
 * the rows each node gave and the pages it touched (no costs, no timings).
 */
async function explainAll(pool: pg.Pool): Promise<{ sql: string; plan: string[] }[]> {
  const out: { sql: string; plan: string[] }[] = [];
  const client = await pool.connect();
  try {
    for (const c of [...counted.values()]) {
      if (!/^(select|update|delete|with)\b/i.test(c.sql)) continue;
      try {
        await query.call(client, 'BEGIN');
        const explain = `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF, TIMING OFF, SUMMARY OFF) ${c.sql}`;
        // A purchase's statement that saves new link tokens runs again with tokens of its own (each is unique).
        const fresh = c.example.map((v) =>
          Array.isArray(v) && v.every((x) => typeof x === 'string') ? v.map((x) => [...x].reverse().join('')) : v,
        );
        // Twice, the second counted: the first run in a session also reads the catalog (its tables, their
        // foreign keys' checks prepared), which a running server's connections did long ago.
        await query.call(client, 'SAVEPOINT first');
        await query.call(client, explain, fresh);
        await query.call(client, 'ROLLBACK TO SAVEPOINT first');
        const r = (await query.call(client, explain, fresh)) as pg.QueryResult<{ 'QUERY PLAN': string }>;
        out.push({ sql: c.sql, plan: r.rows.map((x) => x['QUERY PLAN']) });
      } catch (error) {
        out.push({ sql: c.sql, plan: [`(not explained: ${(error as Error).message})`] });
      } finally {
        await query.call(client, 'ROLLBACK');
      }
    }
  } finally {
    client.release();
  }
  return out;
}

if (import.meta.filename === process.argv[1] && process.argv[2] === 'serve') await serve();
