/**
 * A stand-in for an aggregator (SMSHUB, Grizzly, OnlineSim) on loopback, speaking the SMSHUB agent
 * protocol as they do (docs/agents.md): it calls the agent's endpoint (GET_SERVICES, GET_NUMBER,
 * FINISH_ACTIVATION, JSON, optionally gzipped, its key in every body) and receives PUSH_SMS at its own
 * URL, answering `{"status":"SUCCESS"}`, or failing as a test asks (an HTTP error, a JSON ERROR, no
 * answer at all until released). Written from the protocol, not from the server's code.
 */
import http from 'node:http';
import zlib from 'node:zlib';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { TestServer } from './server.js';
import type { DB } from '../../server/schema/tables.js';

export interface Pushed {
  action: string;
  key: string;
  smsId: unknown;
  phone: unknown;
  phoneFrom: unknown;
  text: unknown;
  /** The User-Agent the push came with. */
  userAgent: string | undefined;
}

export type PushMode = 'success' | 'http500' | 'error' | 'hang';

export interface AgentAnswer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the protocol's JSON answers, read field by field by the tests
  json: any;
  text: string;
  headers: Headers;
}

export class FakeAggregator {
  /** Every push received (whatever was answered), in order. */
  readonly pushes: Pushed[] = [];
  /** How pushes are answered now. */
  mode: PushMode = 'success';
  /** Pushes held without an answer (mode `hang`): released by `release()`. */
  private hanging: http.ServerResponse[] = [];
  private waiters: (() => void)[] = [];

  private constructor(
    private readonly server: http.Server,
    readonly pushUrl: string,
    readonly key: string,
  ) {}

  static async start(key = 'agg-key-0123456789abcdef'): Promise<FakeAggregator> {
    const held: { agg?: FakeAggregator } = {};
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => held.agg!.receive(req, Buffer.concat(chunks), res));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    held.agg = new FakeAggregator(server, `http://127.0.0.1:${port}/push`, key);
    return held.agg;
  }

  private receive(req: http.IncomingMessage, body: Buffer, res: http.ServerResponse) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the push's JSON as sent
    let json: any = null;
    try {
      json = JSON.parse(body.toString('utf8'));
    } catch {
      /* recorded as null */
    }
    this.pushes.push({ ...(json ?? {}), userAgent: req.headers['user-agent'] });
    for (const w of this.waiters.splice(0)) w();
    if (this.mode === 'hang') {
      this.hanging.push(res);
      return;
    }
    if (this.mode === 'http500') {
      res.writeHead(500, { 'content-type': 'text/plain' }).end('internal secret detail');
      return;
    }
    const answer = this.mode === 'error' ? { status: 'ERROR', error: 'try later' } : { status: 'SUCCESS' };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  }

  /** Resolves once `n` pushes in all have arrived (or throws after `ms`). */
  async waitForPushes(n: number, ms = 20_000): Promise<Pushed[]> {
    const end = Date.now() + ms;
    while (this.pushes.length < n) {
      const left = end - Date.now();
      if (left <= 0) throw new Error(`expected ${n} pushes, got ${this.pushes.length}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.min(left, 500));
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
    return this.pushes;
  }

  /** Answers the held pushes (SUCCESS, or as `mode` says by then) and stops holding new ones. */
  release(as: 'success' | 'drop' = 'success'): void {
    this.mode = 'success';
    for (const res of this.hanging.splice(0)) {
      if (as === 'drop') res.destroy();
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"SUCCESS"}');
    }
  }

  async close(): Promise<void> {
    for (const res of this.hanging.splice(0)) res.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** The aggregator's side of the calls: it POSTs to the agent's endpoint with its key. */
export class AgentCaller {
  constructor(
    readonly endpoint: string,
    readonly key: string,
    private readonly opts: { gzip?: boolean; acceptGzip?: boolean } = {},
  ) {}

  async call(body: Record<string, unknown>, key = this.key): Promise<AgentAnswer> {
    const text = JSON.stringify({ ...body, key });
    const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'fake-aggregator/1.0' };
    let payload: string | Uint8Array<ArrayBuffer> = text;
    if (this.opts.gzip) {
      payload = new Uint8Array(zlib.gzipSync(text));
      headers['content-encoding'] = 'gzip';
    }
    headers['accept-encoding'] = this.opts.acceptGzip ? 'gzip' : 'identity';
    const res = await fetch(this.endpoint, { method: 'POST', headers, body: payload });
    // fetch unpacks a gzip answer itself (Content-Encoding), as the aggregators' clients do.
    const answer = await res.text();
    let json: unknown = null;
    try {
      json = JSON.parse(answer);
    } catch {
      /* not JSON */
    }
    return { status: res.status, json, text: answer, headers: res.headers };
  }

  services() {
    return this.call({ action: 'GET_SERVICES' });
  }

  number(ask: { country: string; service: string; operator?: string; sum?: number; currency?: number; exceptionPhoneSet?: string[] }) {
    return this.call({ action: 'GET_NUMBER', operator: 'any', sum: 20, currency: 643, exceptionPhoneSet: [], ...ask });
  }

  finish(activationId: unknown, status: number) {
    return this.call({ action: 'FINISH_ACTIVATION', activationId, status });
  }
}

/** GET_SERVICES' counts as `{ "<country>/<operator>/<service>": n }`. */
export function countsOf(answer: AgentAnswer): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of answer.json?.countryList ?? []) {
    for (const [op, services] of Object.entries(c.operatorMap as Record<string, Record<string, number>>)) {
      for (const [svc, n] of Object.entries(services)) out[`${c.country}/${op}/${svc}`] = n;
    }
  }
  return out;
}

/**
 * A number handed to an aggregator, written as GET_NUMBER writes it (a number in no stock), for tests
 * that need a 代售记录 row to read and nothing else: the route sweeps.
 */
export async function agentActivation(s: { database: { db: Kysely<DB> } }, aggregatorId: number, goodsId: number): Promise<number> {
  const row = await s.database.db
    .insertInto('agent_activations')
    .values({
      aggregator_id: aggregatorId,
      goods_id: goodsId,
      stock_item_id: 0,
      identifier: '79990000001',
      ident_key: '79990000001',
      service: 'tg',
      country: 'russia',
      operator: 'any',
      sum: 1000,
      currency: '643',
      amount: 11,
      status: 'sold',
      sms_count: 0,
      create_at: Date.now(),
      finish_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A fake aggregator started and added by the sup under `name`: the fake, and the add's answer data (id, endpoint_url). */
export async function addAggregator(s: TestServer, sup: string, name: string) {
  const agg = await FakeAggregator.start();
  const r = await s.post('/api/aggregator/add', { name, key: agg.key, push_url: agg.pushUrl }, sup);
  expect(r.code, r.message).toBe(200);
  return { agg, data: r.data };
}
