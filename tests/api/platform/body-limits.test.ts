/**
 * Bodies cannot be used to stall the server: a call that needs a session it lacks is refused before
 * its body is read, JSON nesting is bounded, and the body limit is what the largest real body needs
 * (a 20,000-character notice), with 413 beyond it; a route may still set a larger limit of its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app.js';
import { BODY_LIMIT, MAX_JSON_DEPTH } from '../../../server/platform/http/body.js';
import { chinese, dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';
import { rawConnection, within, type RawAnswer } from '../../helpers/raw-http.js';

/** The worst case on the wire: every character of it a control character, JSON-escaped to 6 bytes. */
const heaviest = (n: number) => '\u0001'.repeat(n);

describe.each(dbKinds)('bodies on %s', (kind) => {
  let s: TestServer;
  let sup: string;
  let customer: string;

  beforeAll(async () => {
    s = await startServer(kind);
    sup = await s.login(SUP.username, SUP.password);
    customer = (await s.addCustomer(sup, 'body_user')).token;
  });
  afterAll(() => s?.close());

  /** Sends the headers of a POST announcing `length` bytes, and only `sent` of them; answers what comes back before the rest. */
  async function cutShort(base: string, path: string, length: number, token?: string, sent = 100): Promise<RawAnswer> {
    const c = await rawConnection(base);
    try {
      await c.write(
        `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n` +
          (token ? `Authorization: Bearer ${token}\r\n` : '') +
          '\r\n' +
          `{"content":"${'['.repeat(sent)}`,
      );
      return await within(c.answer(), `${path} with its body still coming`);
    } finally {
      c.destroy();
    }
  }
  const envelope = (a: RawAnswer) => JSON.parse(a.body) as { code: number; message: string };

  describe('a call refused for its session or role', () => {
    it.each(['/api/notice/add', '/api/user/money', '/api/user/password', '/api/config/edit', '/api/user/logout'])(
      'is answered 203 without a token before its body has arrived (%s)',
      async (path) => {
        const a = await cutShort(s.url, path, 200_000);
        expect(a.status).toBe(200);
        expect(envelope(a).code).toBe(203);
        expect(chinese(envelope(a).message)).toBe(true);
      },
    );

    it('is answered 204 for a dead token and 403 for a customer on a sup call, before the body', async () => {
      expect(envelope(await cutShort(s.url, '/api/notice/add', 200_000, 'x'.repeat(43))).code).toBe(204);
      expect(envelope(await cutShort(s.url, '/api/notice/add', 200_000, customer)).code).toBe(403);
      expect(envelope(await cutShort(s.url, '/api/user/money', 200_000, customer)).code).toBe(403);
    });

    it('never has its body parsed: broken or deeply nested JSON without a token is still 203', async () => {
      const broken = await s.call('POST', '/api/notice/add', { raw: '{"title": ' });
      expect(broken.code).toBe(203);
      const deep = await s.call('POST', '/api/notice/add', { raw: `{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}` });
      expect(deep.code).toBe(203);
    });

    it("sends a customer's rotated token even so", async () => {
      const token = await s.login('body_user', 'Customer-pass-1');
      s.clock.advance(s.settings.sessionRotateMs + 1000);
      try {
        const r = await s.post('/api/notice/add', { title: 'x', content: '<p>x</p>' }, token);
        expect(r.code).toBe(403);
        expect(r.headers.get('authorization')).toMatch(/^Bearer \S{43}$/);
      } finally {
        s.clock.reset();
      }
    });
  });

  describe('JSON nesting', () => {
    const nested = (levels: number) => `{"title":"t","content":"<p>x</p>","x":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`;

    it(`refuses more than ${MAX_JSON_DEPTH} levels with 400 and a Chinese message, and writes nothing`, async () => {
      const before = await s.snapshot();
      for (const levels of [MAX_JSON_DEPTH + 1, 1000, 100_000]) {
        const r = await s.call('POST', '/api/notice/add', { raw: nested(levels), token: sup });
        expect(r.status).toBe(200);
        expect(r.code).toBe(400);
        expect(r.message).toBe(`请求内容嵌套层数过多（最多 ${MAX_JSON_DEPTH} 层）`);
      }
      expect(await s.snapshot()).toBe(before);
    });

    it(`parses ${MAX_JSON_DEPTH} levels (then refuses the unknown field as usual)`, async () => {
      const r = await s.call('POST', '/api/notice/add', { raw: nested(MAX_JSON_DEPTH), token: sup });
      expect(r.code).toBe(400);
      expect(r.message).toBe('未知字段: x');
    });

    it('does not count brackets inside strings, escaped quotes included', async () => {
      const title = `[{"\\"[[[${'['.repeat(60)}`;
      const r = await s.post('/api/notice/add', { title: title.slice(0, 100), content: `<p>${'[{'.repeat(500)}</p>` }, sup);
      expect(r.code, r.message).toBe(200);
      expect(r.data.title).toBe(title.slice(0, 100));
    });
  });

  describe('the body limit', () => {
    it('takes the largest real body: a 20,000-character notice (and contact text), however heavy its characters', async () => {
      const body = { title: heaviest(100), content: `<p>${heaviest(20_000 - 7)}</p>`, popup: true, day: 365 };
      const bytes = Buffer.byteLength(JSON.stringify(body));
      expect(bytes).toBeGreaterThan(120_000);
      expect(bytes).toBeLessThan(BODY_LIMIT / 2);
      const added = await s.post('/api/notice/add', body, sup);
      expect(added.code, added.message).toBe(200);
      const edited = await s.post('/api/notice/edit', { id: added.data.id, ...body }, sup);
      expect(edited.code, edited.message).toBe(200);
      const contact = await s.post('/api/config/edit', { content: body.content }, sup);
      expect(contact.code, contact.message).toBe(200);
      // And the usual kind: Chinese HTML with attributes.
      const chinese20k = `<p style="color: red">${'通知内容'.repeat(4990)}</p>`;
      expect((await s.post('/api/notice/add', { title: '长公告', content: chinese20k }, sup)).code).toBe(200);
    });

    it('answers 413 beyond it and writes nothing, announced or not', async () => {
      const before = await s.snapshot();
      const over = JSON.stringify({ title: 't', content: 'x'.repeat(BODY_LIMIT) });
      const r = await s.call('POST', '/api/notice/add', { raw: over, token: sup });
      expect(r.status).toBe(200);
      expect(r.code).toBe(413);
      expect(r.message).toBe('请求内容过大');
      // Announced by Content-Length: refused before the body is read.
      const announced = await cutShort(s.url, '/api/notice/add', BODY_LIMIT + 1, sup);
      expect(envelope(announced).code).toBe(413);
      expect(await s.snapshot()).toBe(before);
    });
  });

  describe('a route with a limit of its own (as bulk imports set)', () => {
    let app: FastifyInstance;
    let url: string;

    beforeAll(async () => {
      app = await buildApp({ settings: s.settings, database: s.database, now: s.clock.now, logger: false });
      app.post('/api/test/bulk', { bodyLimit: 4 * BODY_LIMIT, config: { access: 'sup' } }, async (request) => ({
        code: 200,
        message: '成功',
        data: { length: (request.body as { text: string }).text.length },
      }));
      // Form bodies (SMS-Activate clients, SmsForwarder) can be given a parser of their own.
      app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body: string, done) =>
        done(null, Object.fromEntries(new URLSearchParams(body))),
      );
      app.post('/stubs/test_form', { config: { access: 'public' } }, async (request) => ({ form: request.body ?? null }));
      url = await app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(() => app?.close());

    const bulk = (text: string, token?: string) =>
      fetch(`${url}/api/test/bulk`, {
        method: 'POST',
        body: JSON.stringify({ text }),
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      }).then((r) => r.json());

    it('takes bodies up to that limit, refuses beyond it with 413', async () => {
      expect(await bulk('x'.repeat(3 * BODY_LIMIT), sup)).toMatchObject({ code: 200, data: { length: 3 * BODY_LIMIT } });
      expect(await bulk('x'.repeat(4 * BODY_LIMIT), sup)).toMatchObject({ code: 413 });
    });

    it('still refuses a call without a session before its body', async () => {
      expect(envelope(await cutShort(url, '/api/test/bulk', 3 * BODY_LIMIT)).code).toBe(203);
      expect(await bulk('x'.repeat(10))).toMatchObject({ code: 203 });
    });

    it('lets a form parser take an empty form POST', async () => {
      const r = await fetch(`${url}/stubs/test_form?action=getBalance`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: '',
      });
      expect(r.status).toBe(200);
      expect(await r.json()).toEqual({ form: {} });
    });
  });
});
