/**
 * Slow clients are cut off: headers or a body trickled a byte at a time, or nothing sent at all, end
 * with the connection closed once the header or request timeout passes (set small here). A request
 * that is fully in but waits for its answer, as a long poll does, is not cut off by them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app.js';
import { readSettings } from '../../../server/env.js';
import { LONGEST_WAIT_MS } from '../../../server/platform/http/timeouts.js';
import { startServer, type TestServer } from '../../helpers/server.js';
import { rawConnection, within, type RawConnection } from '../../helpers/raw-http.js';

const HEADERS_MS = 500;
const REQUEST_MS = 1000;

/** Waits generously for the server to close the connection; fails if it never does. */
const closedWithin = (c: RawConnection) => within(c.closed, 'the server closing the connection', 20_000);

/** Writes `text` one byte every 100 ms until the connection closes (or the text runs out). */
function trickle(c: RawConnection, text: string): void {
  let i = 0;
  const next = () => {
    if (c.isClosed || i >= text.length) return;
    c.write(text[i++]).then(
      () => setTimeout(next, 100),
      () => undefined,
    );
  };
  next();
}

describe('slow clients', () => {
  let s: TestServer;
  const open: RawConnection[] = [];
  const connect = async () => {
    const c = await rawConnection(s.url);
    open.push(c);
    return c;
  };

  beforeAll(async () => {
    s = await startServer('sqlite', { settings: { headersTimeoutMs: HEADERS_MS, requestTimeoutMs: REQUEST_MS } });
  });
  afterAll(async () => {
    open.forEach((c) => c.destroy());
    await s?.close();
  });

  it('are cut off when they trickle their headers', async () => {
    const c = await connect();
    trickle(c, `POST /api/user/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n${'X-Pad: y\r\n'.repeat(500)}\r\n`);
    await closedWithin(c);
    expect(c.isClosed).toBe(true);
  });

  it('are cut off when they trickle their body', async () => {
    const c = await connect();
    await c.write('POST /api/user/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n');
    trickle(c, `{"username":"admin","password":"${'x'.repeat(4950)}"}`);
    await closedWithin(c);
    expect(c.isClosed).toBe(true);
  });

  it('are cut off when they connect and send nothing', async () => {
    const c = await connect();
    await closedWithin(c);
    expect(c.isClosed).toBe(true);
  });

  it('are all cut off when 100 trickle at once, and the server answers others meanwhile and after', async () => {
    const many = await Promise.all(Array.from({ length: 100 }, () => connect()));
    many.forEach((c, i) =>
      trickle(
        c,
        i % 2
          ? `GET /api/config/index HTTP/1.1\r\nHost: x\r\n${'X-Pad: y\r\n'.repeat(500)}\r\n`
          : `POST /api/user/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 999\r\n\r\n${'{'.repeat(999)}`,
      ),
    );
    expect((await s.get('/api/config/index')).code).toBe(200);
    await Promise.all(many.map((c) => closedWithin(c)));
    expect(many.filter((c) => !c.isClosed)).toHaveLength(0);
    expect((await s.get('/api/config/index')).code).toBe(200);
  });

  it('keep a well-behaved keep-alive connection for several requests', async () => {
    const c = await connect();
    for (let i = 0; i < 3; i++) {
      await c.write('GET /api/config/index HTTP/1.1\r\nHost: x\r\n\r\n');
      const a = await c.answer();
      expect(a.status).toBe(200);
      expect(JSON.parse(a.body).code).toBe(200);
    }
    expect(c.isClosed).toBe(false);
  });
});

describe('a request waiting for its answer (a long poll)', () => {
  let s: TestServer;
  let app: FastifyInstance;
  let url: string;

  beforeAll(async () => {
    s = await startServer('sqlite', { settings: { headersTimeoutMs: HEADERS_MS, requestTimeoutMs: REQUEST_MS } });
    app = await buildApp({ settings: s.settings, database: s.database, now: s.clock.now, logger: false });
    // Answers after several request timeouts have passed, sending nothing before, as ?wait= does.
    app.get('/api/test/wait', { config: { access: 'public' } }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 3 * REQUEST_MS));
      return { code: 200, message: '成功', data: 'waited' };
    });
    url = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
    await s?.close();
  });

  it('is answered, however much longer than the header and request timeouts it waits', async () => {
    const c = await rawConnection(url);
    try {
      await c.write('GET /api/test/wait HTTP/1.1\r\nHost: x\r\n\r\n');
      const a = await c.answer();
      expect(a.status).toBe(200);
      expect(JSON.parse(a.body)).toEqual({ code: 200, message: '成功', data: 'waited' });
    } finally {
      c.destroy();
    }
  });

  it('by default outlasts the longest long poll before a silent connection is closed', () => {
    const defaults = readSettings({});
    expect(defaults.headersTimeoutMs).toBeGreaterThan(0);
    expect(defaults.requestTimeoutMs).toBeGreaterThan(0);
    expect(defaults.idleTimeoutMs).toBeGreaterThan(LONGEST_WAIT_MS);
    // Even when told less, the idle timeout stays above the longest wait.
    const short = { ...defaults, idleTimeoutMs: 1000 };
    return buildApp({ settings: short, database: s.database, logger: false }).then(async (other) => {
      try {
        expect(other.server.timeout).toBeGreaterThan(LONGEST_WAIT_MS);
        expect(other.server.requestTimeout).toBe(short.requestTimeoutMs);
        expect(other.server.headersTimeout).toBe(short.headersTimeoutMs);
      } finally {
        await other.close();
      }
    });
  });
});
