/**
 * `npm run bench -- purchase-sql`: what a purchase costs PostgreSQL, in figures that do not depend on
 * the machine. The real server runs on PostgreSQL in a child process (bench/purchase-sql-server.ts,
 * every statement it sends counted); purchases go through the API one at a time:
 *
 * 1. store purchases (`POST /api/order/buy`, one link each) and SMS-Activate purchases
 *    (`/stubs/handler_api.php?action=getNumber`), each buyer in turn: statements and round trips per
 *    purchase, by statement shape, and which of them ran inside the transaction;
 * 2. the rows each purchase wrote (a row trigger on every table notes each insert, update and delete
 *    with its transaction), and the rows updated by the purchases of more than one buyer: hot rows,
 *    which every concurrent purchase locks in turn until its commit;
 * 3. two server processes buying at once on the same schema: the lock waits seen by sampling
 *    pg_stat_activity (how many depends on the machine; which statements wait does not);
 * 4. EXPLAIN (ANALYZE, BUFFERS) of the purchases' statements, run again with the last purchase's values
 *    and rolled back, the tables ANALYZEd first: rows and pages each node touched (PURCHASE_SQL_EXPLAIN=1:
 *    every plan in full).
 *
 * PostgreSQL from BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), in a schema of
 * its own dropped afterwards. Prints figures; asserts nothing.
 *
 *   PURCHASE_SQL_N (purchases per kind, default 100)   PURCHASE_SQL_BUYERS (10)
 *   PURCHASE_SQL_PARALLEL (buyers per process in step 3, default 4)   PURCHASE_SQL_EACH (purchases per buyer in step 3, 25)
 *   PURCHASE_SQL_FULL=1 (statements unabridged)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import type { SqlReport } from './purchase-sql-server.js';

const N = Number(process.env.PURCHASE_SQL_N ?? 100);
const BUYERS = Number(process.env.PURCHASE_SQL_BUYERS ?? 10);
const PARALLEL = Number(process.env.PURCHASE_SQL_PARALLEL ?? 4);
const EACH = Number(process.env.PURCHASE_SQL_EACH ?? 25);
const FULL = process.env.PURCHASE_SQL_FULL === '1';
const EXPLAIN = process.env.PURCHASE_SQL_EXPLAIN === '1';
const APP_NAME = `bench-purchase-sql-${process.pid}`;
const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Server {
  port: number;
  info: { schema: string; goodsId: number; buyers: { id: number; token: string }[]; supToken: string };
  ask<T>(op: string): Promise<T>;
  stop(): Promise<void>;
}

function withAppName(url: string): string {
  const u = new URL(url);
  u.searchParams.set('application_name', APP_NAME);
  return u.toString();
}

async function start(env: NodeJS.ProcessEnv): Promise<Server> {
  const proc: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'purchase-sql-server.ts'), 'serve'],
    {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: { ...process.env, BENCH_DATABASE_URL: withAppName(BASE_URL), ...env },
    },
  );
  const waiting = new Map<string, ((m: unknown) => void)[]>();
  const ready = await new Promise<{ ready: number; info: Server['info'] }>((resolve, reject) => {
    proc.on('message', (m: { ready?: number; op?: string }) => {
      if (m.ready) resolve(m as { ready: number; info: Server['info'] });
      if (m.op) waiting.get(m.op)?.shift()?.(m);
    });
    proc.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return {
    port: ready.ready,
    info: ready.info,
    ask: <T>(op: string) =>
      new Promise<T>((resolve) => {
        waiting.set(op, [...(waiting.get(op) ?? []), resolve as (m: unknown) => void]);
        proc.send({ op });
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        if (proc.exitCode !== null) return resolve();
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
      }),
  };
}

/** Notes every row written in the schema: transaction, table, operation, primary key, and the row's user_id if it has one. */
async function noteWrites(client: pg.Client, schema: string): Promise<void> {
  await client.query(`CREATE TABLE bench_writes (xid bigint, tbl text, op text, row_key text, user_id text)`);
  await client.query(`CREATE FUNCTION bench_note() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE r jsonb; k text := ''; c text;
    BEGIN
      IF TG_OP = 'DELETE' THEN r := to_jsonb(OLD); ELSE r := to_jsonb(NEW); END IF;
      FOREACH c IN ARRAY TG_ARGV LOOP k := k || coalesce(r->>c, '-') || ' '; END LOOP;
      INSERT INTO bench_writes VALUES (txid_current(), TG_TABLE_NAME, TG_OP, trim(k), r->>'user_id');
      RETURN NULL;
    END $$`);
  const { rows } = await client.query<{ table: string; keys: string[] | null }>(
    `SELECT c.relname AS table,
       (SELECT array_agg(a.attname::text ORDER BY k.ord) FROM pg_index i
          CROSS JOIN unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord)
          JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
        WHERE i.indrelid = c.oid AND i.indisprimary) AS keys
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = $1 AND c.relkind IN ('r', 'p') AND c.relname <> 'bench_writes'`,
    [schema],
  );
  for (const t of rows) {
    const args = (t.keys ?? []).map((k) => `'${k}'`).join(', ');
    await client.query(
      `CREATE TRIGGER bench_note AFTER INSERT OR UPDATE OR DELETE ON "${t.table}" FOR EACH ROW EXECUTE FUNCTION bench_note(${args})`,
    );
  }
}

async function call(port: number, p: string, init: RequestInit = {}): Promise<{ status: number; text: string }> {
  const res = await fetch(`http://127.0.0.1:${port}${p}`, init);
  return { status: res.status, text: await res.text() };
}

const storeBuy = (port: number, token: string, goodsId: number) =>
  call(port, '/api/order/buy', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ goods_id: goodsId, quantity: 1 }),
  }).then((r) => r.status === 200 && r.text.startsWith('{"code":200'));

const getNumber = (port: number, key: string) =>
  call(port, `/stubs/handler_api.php?api_key=${key}&action=getNumber&service=tg&country=0`).then((r) =>
    r.text.startsWith('ACCESS_NUMBER:'),
  );

async function makeKey(port: number, token: string): Promise<string> {
  const r = await call(port, '/api/apikey/create', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: '{}',
  });
  return (JSON.parse(r.text) as { data: { key: string } }).data.key;
}

/** A statement's text for the report: long lists of columns and parameters cut short. */
function shape(sql: string): string {
  if (FULL) return sql;
  const cut = sql
    .replace(/("[a-z_]+"(\."[a-z_]+")?( as "[a-z_]+")?, ){3,}"[a-z_]+"(\."[a-z_]+")?( as "[a-z_]+")?/g, '…')
    .replace(/(\$\d+, ){3,}\$\d+/g, '$…');
  return cut.length > 150 ? `${cut.slice(0, 147)}...` : cut;
}

const per = (n: number) => (n / N).toFixed(2).replace(/\.00$/, '');

interface Phase {
  title: string;
  purchases: number;
  refused: number;
  sql: SqlReport;
  writes: { tbl: string; op: string; n: number }[];
  hot: { tbl: string; row_key: string; purchases: number; buyers: number }[];
  own: { tbl: string; op: string; rows: number; per_row: number }[];
  outside: { tbl: string; op: string; n: number }[];
}

/** Runs `buy` N times one after another over the buyers in turn and reads what it cost. */
async function phase(server: Server, client: pg.Client, title: string, buy: (i: number) => Promise<boolean>): Promise<Phase> {
  await client.query('TRUNCATE bench_writes');
  await server.ask('reset');
  let refused = 0;
  for (let i = 0; i < N; i++) if (!(await buy(i))) refused += 1;
  // Work a purchase leaves for after its answer is counted with it.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const { report } = await server.ask<{ report: SqlReport }>('report');
  const purchaseTx = `SELECT xid, user_id FROM bench_writes WHERE tbl = 'orders' AND op = 'INSERT'`;
  const writes = await client.query<{ tbl: string; op: string; n: number }>(
    `SELECT tbl, op, count(*)::int AS n FROM bench_writes WHERE xid IN (SELECT xid FROM (${purchaseTx}) p) GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  const outside = await client.query<{ tbl: string; op: string; n: number }>(
    `SELECT tbl, op, count(*)::int AS n FROM bench_writes WHERE xid NOT IN (SELECT xid FROM (${purchaseTx}) p) GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  // A row updated (or deleted) by the purchases of more than one buyer: every purchase queues on it.
  const touched = `SELECT w.tbl, w.op, w.row_key, count(DISTINCT w.xid)::int AS purchases, count(DISTINCT p.user_id)::int AS buyers
    FROM bench_writes w JOIN (${purchaseTx}) p ON p.xid = w.xid WHERE w.op <> 'INSERT' GROUP BY 1, 2, 3`;
  const hot = await client.query<Phase['hot'][number]>(
    `SELECT tbl, row_key, max(purchases)::int AS purchases, max(buyers)::int AS buyers FROM (${touched}) t WHERE buyers > 1 GROUP BY 1, 2 ORDER BY 3 DESC LIMIT 10`,
  );
  const own = await client.query<Phase['own'][number]>(
    `SELECT tbl, op, count(*)::int AS rows, max(purchases)::int AS per_row FROM (${touched}) t WHERE buyers = 1 GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  return { title, purchases: N - refused, refused, sql: report, writes: writes.rows, hot: hot.rows, own: own.rows, outside: outside.rows };
}

function printPhase(p: Phase): string[] {
  const total = p.sql.statements.reduce((s, c) => s + c.calls, 0);
  const inside = p.sql.statements.reduce((s, c) => s + c.inTransaction, 0);
  const begins = p.sql.statements.filter((c) => /^begin/i.test(c.sql)).reduce((s, c) => s + c.calls, 0);
  // A statement that writes outside BEGIN … COMMIT is a transaction of its own.
  const alone = p.sql.statements.filter((c) => writes(c.sql)).reduce((s, c) => s + c.calls - c.inTransaction, 0);
  const out = [
    `\n${p.title}: ${N} purchases one after another, ${BUYERS} buyers in turn${p.refused ? `, ${p.refused} refused!` : ''}`,
    `  per purchase: ${per(total)} statements, ${per(p.sql.roundTrips)} round trips (${per(p.sql.waited)} one after another); transactions: ${per(begins)} begun (BEGIN … COMMIT, ` +
      `${per(inside)} statements with those two), ${per(alone)} of a single statement that writes`,
    '  per purchase  in tx  statement',
  ];
  const sorted = [...p.sql.statements].sort((a, b) => b.inTransaction - a.inTransaction || b.calls - a.calls);
  for (const c of sorted) out.push(`  ${per(c.calls).padStart(12)}  ${per(c.inTransaction).padStart(5)}  ${shape(c.sql)}`);
  out.push(
    `  rows written per purchase (its transaction): ${p.writes.map((w) => `${w.tbl} ${w.op.toLowerCase()} ${per(w.n)}`).join(', ') || 'none'}`,
  );
  if (p.outside.length) {
    out.push(
      `  rows written outside the purchases' transactions: ${p.outside.map((w) => `${w.tbl} ${w.op.toLowerCase()} ${w.n}`).join(', ')}`,
    );
  }
  out.push(
    `  rows updated by one buyer's purchases only: ${
      p.own.map((o) => `${o.tbl} ${o.op.toLowerCase()} (${o.rows} rows, up to ${o.per_row} purchases each)`).join(', ') || 'none'
    }`,
  );
  out.push(
    p.hot.length
      ? `  HOT rows (updated by the purchases of more than one buyer): ${p.hot
          .map((h) => `${h.tbl} [${h.row_key}] by ${h.purchases} of ${p.purchases} purchases (${h.buyers} buyers)`)
          .join('; ')}`
      : '  hot rows (updated by the purchases of more than one buyer): none',
  );
  return out;
}

/** Two processes, PARALLEL buyers each buying EACH times at once; pg_stat_activity sampled for lock waits meanwhile. */
async function twoProcesses(a: Server, client: pg.Client, keys: string[]): Promise<string[]> {
  const b = await start({ PURCHASE_SQL_SCHEMA: a.info.schema });
  try {
    const waits = new Map<string, number>();
    let samples = 0;
    let running = true;
    const sampler = (async () => {
      while (running) {
        const { rows } = await client.query<{ wait_event: string; query: string }>(
          `SELECT wait_event, query FROM pg_stat_activity WHERE application_name = $1 AND wait_event_type = 'Lock'`,
          [APP_NAME],
        );
        samples += 1;
        for (const r of rows) {
          const k = `${r.wait_event}: ${shape(r.query.replace(/\s+/g, ' '))}`;
          waits.set(k, (waits.get(k) ?? 0) + 1);
        }
      }
    })();
    let bought = 0;
    let refused = 0;
    const { buyers, goodsId } = a.info;
    const run = async (server: Server, n: number, useKey: boolean) => {
      for (let i = 0; i < EACH; i++) {
        const ok = useKey ? await getNumber(server.port, keys[n]) : await storeBuy(server.port, buyers[n].token, goodsId);
        if (ok) bought += 1;
        else refused += 1;
      }
    };
    // Each buyer in one process only: buyers never wait on their own balance row across processes.
    await Promise.all(Array.from({ length: PARALLEL * 2 }, (_, n) => run(n % 2 ? b : a, n % BUYERS, n % 4 >= 2)));
    running = false;
    await sampler;
    const out = [
      `\nTwo processes at once on one schema: ${PARALLEL} buyers each (half through the store, half through getNumber), ` +
        `${EACH} purchases per buyer: ${bought} bought, ${refused} refused`,
      `  lock waits seen in ${samples} samples of pg_stat_activity: ${[...waits.values()].reduce((s, n) => s + n, 0)}`,
    ];
    for (const [k, n] of [...waits].sort((x, y) => y[1] - x[1])) out.push(`  ${String(n).padStart(6)}  ${k}`);
    return out;
  } finally {
    await b.stop();
  }
}

/** Whether a statement writes (an INSERT, UPDATE or DELETE, alone or in a WITH). */
const writes = (sql: string) => /\b(insert into|update "?\w+"? set|delete from)\b/i.test(sql);

/** The plan of each statement of the purchases (each node; the whole plan with PURCHASE_SQL_EXPLAIN=1). */
async function plans(server: Server, asked: Set<string>): Promise<string[]> {
  const { plans } = await server.ask<{ plans: { sql: string; plan: string[] }[] }>('explain');
  const out = ["\nPlans of the purchases' statements (EXPLAIN ANALYZE of the last one, rolled back): rows, pages touched"];
  for (const p of plans.filter((x) => asked.has(x.sql))) {
    out.push(`  ${shape(p.sql)}`);
    // Each node with the pages it touched (its Buffers line); planning's own lines left out.
    const lines = p.plan.slice(0, p.plan.findIndex((l) => /^Planning/.test(l)) >>> 0);
    const nodes: string[] = [];
    for (const line of lines) {
      if (/^\s*Buffers:/.test(line) && nodes.length) nodes[nodes.length - 1] += `  [${line.trim().replace('Buffers: ', '')}]`;
      else if (EXPLAIN || /\(actual|not explained/.test(line))
        nodes.push(line.replace(/^\s*->\s*/, (m) => ' '.repeat(m.length - 3) + '-> '));
    }
    out.push(...nodes.map((n) => `      ${n}`));
  }
  return out;
}

export async function benchPurchaseSql(): Promise<void> {
  // As many numbers as a real product may hold, so the plans are those of a large stock.
  const stock = Math.max(100_000, BUYERS * 4 + N * 2 + PARALLEL * 2 * EACH);
  const server = await start({ SCALE_BUYERS: String(BUYERS), SCALE_STOCK: String(stock) });
  const client = new pg.Client({ connectionString: withAppName(BASE_URL), options: `-c search_path="${server.info.schema}"` });
  await client.connect();
  // The sampler's own session is not one of the servers'.
  await client.query(`SET application_name = 'bench-purchase-sql-sampler'`);
  try {
    const { buyers, goodsId } = server.info;
    await noteWrites(client, server.info.schema);
    const keys = await Promise.all(buyers.map((b) => makeKey(server.port, b.token)));
    // Warm: each buyer's first purchase of each kind (first statements of a kind, key last-used time) is not counted.
    for (let i = 0; i < BUYERS; i++) {
      await storeBuy(server.port, buyers[i].token, goodsId);
      await getNumber(server.port, keys[i]);
    }
    const store = await phase(server, client, 'Store purchase (POST /api/order/buy, quantity 1)', (i) =>
      storeBuy(server.port, buyers[i % BUYERS].token, goodsId),
    );
    const activate = await phase(server, client, 'SMS-Activate purchase (handler_api.php?action=getNumber)', (i) =>
      getNumber(server.port, keys[i % BUYERS]),
    );
    const asked = new Set([...store.sql.statements, ...activate.sql.statements].map((c) => c.sql));
    // The plans and the two processes without the row triggers (each row written would pay for its note).
    const tables = await client.query<{ t: string }>(`SELECT tablename AS t FROM pg_tables WHERE schemaname = $1`, [server.info.schema]);
    for (const t of tables.rows) {
      await client.query(`DROP TRIGGER IF EXISTS bench_note ON "${t.t}"`);
      await client.query(`ANALYZE "${t.t}"`);
    }
    const explained = await plans(server, asked);
    const two = await twoProcesses(server, client, keys);
    const diff = await call(server.port, '/api/statistics/index', { headers: { authorization: `Bearer ${server.info.supToken}` } });
    const d = (JSON.parse(diff.text) as { data: { admin: { diff: number } } }).data.admin.diff;
    process.stdout.write(
      [
        `\nPurchases on PostgreSQL: statements, round trips and rows per purchase (machine-independent; bench/purchase-sql.ts)`,
        ...printPhase(store),
        ...printPhase(activate),
        ...two,
        ...explained,
        `\nthe sup's difference afterwards: ${d}`,
        'target: one transaction per purchase, the fewest round trips, no hot row, no lock waits between processes, difference 0',
      ].join('\n') + '\n',
    );
  } finally {
    await client.end();
    await server.stop();
  }
}

if (import.meta.filename === process.argv[1]) await benchPurchaseSql();
