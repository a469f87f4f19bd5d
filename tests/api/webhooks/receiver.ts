/**
 * A customer's webhook endpoint for the tests: a local HTTP server that keeps every request (headers
 * and the raw body, as a customer's server sees them) and answers as the test says (a status, after a
 * delay), and the check a customer makes of a delivery's signature.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: http.IncomingHttpHeaders;
  raw: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read the delivery's arbitrary JSON body as it came
  json: any;
  at: number;
}

export interface Receiver {
  url: string;
  port: number;
  got: Received[];
  /** Requests come and not answered yet (still open). */
  open: number;
  /** How to answer the next requests: a status (default 200), after a delay (ms) or once `hold` settles (never: a server that never answers). */
  answer: (req: Received, n: number) => { status?: number; delayMs?: number; hold?: Promise<unknown> };
  /** Resolves once `n` requests (in all) have come, or rejects after `timeoutMs`. */
  waitFor(n: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const sockets = new Set<import('node:net').Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const r: Receiver = {
    url: '',
    port: 0,
    got: [],
    open: 0,
    answer: () => ({ status: 200 }),
    async waitFor(n, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      while (r.got.length < n) {
        if (Date.now() > until) throw new Error(`webhook receiver: ${r.got.length} of ${n} requests after ${timeoutMs} ms`);
        await new Promise((res) => setTimeout(res, 20));
      }
      return r.got;
    },
    close: () =>
      new Promise<void>((res) => {
        for (const t of timers) clearTimeout(t);
        for (const s of sockets) s.destroy();
        server.close(() => res());
      }),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let json: unknown = null;
      try {
        json = JSON.parse(raw);
      } catch {
        /* kept raw */
      }
      const got: Received = { headers: req.headers, raw, json, at: Date.now() };
      r.got.push(got);
      r.open += 1;
      let answered = false;
      const settle = () => {
        if (answered) return;
        answered = true;
        r.open -= 1;
      };
      res.on('close', settle);
      const { status = 200, delayMs = 0, hold } = r.answer(got, r.got.length);
      const reply = () => {
        if (answered) return;
        res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'no');
      };
      if (hold) {
        void hold.then(reply);
        return;
      }
      const t = setTimeout(() => {
        timers.delete(t);
        reply();
      }, delayMs);
      timers.add(t);
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((res) => server.listen(0, '127.0.0.1', () => res()));
  r.port = (server.address() as AddressInfo).port;
  r.url = `http://127.0.0.1:${r.port}/hook`;
  return r;
}

/**
 * What a customer's server does with a delivery: recompute the HMAC-SHA256 of "<t>.<raw body>" with
 * the secret, compare in constant time, and refuse a `t` more than 5 minutes from its clock.
 */
export function verify(received: Received, secret: string, nowMs = Date.now()): boolean {
  const header = String(received.headers['x-webhook-signature'] ?? '');
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(nowMs / 1000 - t) > 300 || !/^[0-9a-f]{64}$/.test(parts.v1 ?? '')) return false;
  const expected = crypto.createHmac('sha256', secret).update(`${parts.t}.${received.raw}`).digest();
  return crypto.timingSafeEqual(expected, Buffer.from(parts.v1, 'hex'));
}
