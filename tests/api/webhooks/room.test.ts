/**
 * Room for deliveries: servers that accept and never answer, however many accounts point at them,
 * hold only their own room. Another customer's delivery arrives while every request held there is
 * still open (counted at the receiver at the moment it arrives): the tries are held for longer than
 * the test runs, so nothing here passes by waiting for them to time out.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chinese, dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';
import { deliver } from '../../helpers/commerce.js';
import { dispatcherOfApp } from '../../../server/webhooks/index.js';
import { LIMITS } from '../../../server/webhooks/room.js';
import type { Dispatcher } from '../../../server/webhooks/dispatch.js';
import { customerWithLinks, until } from './customers.js';
import { startReceiver, type Receiver } from './receiver.js';

/** Tries held for 120 s (production gives up after 5 s), and a failed try is final (no retry): the test ends them. */
const SETTINGS = { webhookAllowPrivate: true, webhookTimeoutMs: 120_000, webhookRetryDelaysMs: [] as number[] };
const never = new Promise<void>(() => {});

describe.each(dbKinds)('webhook room on %s', (kind) => {
  let s: TestServer;
  let sup: string;
  let dispatcher: Dispatcher;
  const receivers: Receiver[] = [];

  beforeAll(async () => {
    s = await startServer(kind, { settings: SETTINGS });
    sup = await s.login(SUP.username, SUP.password);
    dispatcher = dispatcherOfApp(s.app)!;
  });
  afterAll(() => s?.close());
  afterEach(async () => {
    Object.assign(dispatcher.limits, LIMITS);
    await Promise.all(receivers.splice(0).map((r) => r.close()));
  });

  const receiver = async () => {
    const r = await startReceiver();
    receivers.push(r);
    return r;
  };
  /** A receiver that answers at once and notes how many requests `held` had open when each came. */
  const watching = async (held: Receiver) => {
    const r = await receiver();
    const openThen: number[] = [];
    r.answer = () => {
      openThen.push(held.open);
      return { status: 200 };
    };
    return { r, openThen };
  };
  const rowsOf = (userId: number) =>
    s.database.db
      .selectFrom('webhook_deliveries')
      .select(['code', 'status', 'attempt', 'error'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();

  it("tests from 30 accounts held by a server that never answers: another customer's code event arrives while all are open", async () => {
    // Fewer code events in flight than tests asked for: a test holding code-event room would keep the code waiting.
    Object.assign(dispatcher.limits, { inFlight: 16 });
    const hanging = await receiver();
    hanging.answer = () => ({ hold: never });
    const { r: normal, openThen } = await watching(hanging);
    const other = await customerWithLinks(s, sup, 'room_test_other');
    expect((await s.post('/api/webhook/config', { url: normal.url, enabled: true }, other.token)).code).toBe(200);
    const accounts: { id: number; token: string }[] = [];
    for (let i = 0; i < 30; i++) {
      const a = await s.addCustomer(sup, `room_test_${i}`);
      expect((await s.post('/api/webhook/config', { url: hanging.url, enabled: true }, a.token)).code).toBe(200);
      accounts.push(a);
    }
    const answered: Awaited<ReturnType<TestServer['post']>>[] = [];
    const tests = accounts.map((a) =>
      s.post('/api/webhook/test', {}, a.token).then((r) => {
        answered.push(r);
        return r;
      }),
    );
    // Every test has either reached the server that never answers or been answered.
    await until('tests under way', async () => hanging.got.length + answered.length === accounts.length);
    expect(hanging.got.length).toBe(LIMITS.testsPerOrigin);
    // Refused for want of room: queued, come back in N seconds (the longest a try holds its room), not "too often".
    for (const r of answered) {
      expect(r.code).toBe(429);
      expect(r.message).toBe('回调测试排队中，请 120 秒后再试');
      expect(r.headers.get('retry-after')).toBe('120');
    }

    await deliver(s, `+${other.tokens[0].identifier}`, 'Your code is 515151');
    const [got] = await normal.waitFor(1);
    expect(got.json).toMatchObject({ event: 'code', code: '515151' });
    // When it arrived, every test that reached the server was still held there.
    expect(openThen[0]).toBe(hanging.got.length);

    await hanging.close();
    const ended = await Promise.all(tests);
    expect(ended.filter((r) => r.code === 200).length).toBe(hanging.got.length);
    expect(ended.filter((r) => r.code === 200).every((r) => chinese(r.message))).toBe(true);
  }, 60_000);

  it('free accounts keeping every test slot held: a 重发 of a real failed event still goes out', async () => {
    // Tests to 8 servers that never answer, two each: the whole pool of tests (16) held.
    const hangings: Receiver[] = [];
    for (let i = 0; i < LIMITS.tests / LIMITS.testsPerOrigin; i++) {
      const h = await receiver();
      h.answer = () => ({ hold: never });
      hangings.push(h);
    }
    const tests: Promise<unknown>[] = [];
    for (let i = 0; i < LIMITS.tests; i++) {
      const a = await s.addCustomer(sup, `room_free_${i}`);
      expect((await s.post('/api/webhook/config', { url: hangings[i % hangings.length].url, enabled: true }, a.token)).code).toBe(200);
      tests.push(s.post('/api/webhook/test', {}, a.token));
    }
    await until('every test held', async () => hangings.every((h) => h.got.length === LIMITS.testsPerOrigin));
    const openTests = () => hangings.reduce((n, h) => n + h.open, 0);

    // A customer whose code event failed (their server answered 500; no retries in this server's settings).
    const { r: theirs, openThen } = await watching(hangings[0]);
    theirs.answer = (_req, n) => {
      openThen.push(openTests());
      return { status: n === 1 ? 500 : 200 };
    };
    const c = await customerWithLinks(s, sup, 'room_replay');
    await s.post('/api/webhook/config', { url: theirs.url, enabled: true }, c.token);
    await deliver(s, `+${c.tokens[0].identifier}`, 'Your code is 424242');
    const [failed] = await until('failed event', async () => {
      const rows = await rowsOf(c.id);
      return rows[0]?.status === 'failed' && rows;
    });
    expect(failed.error).toContain('HTTP 500');

    // Another test is queued (the pool is full); the 重发 goes out meanwhile, every test still held.
    const late = await s.addCustomer(sup, 'room_free_late');
    await s.post('/api/webhook/config', { url: theirs.url, enabled: true }, late.token);
    const refused = await s.post('/api/webhook/test', {}, late.token);
    expect([refused.code, refused.message, refused.headers.get('retry-after')]).toEqual([429, '回调测试排队中，请 120 秒后再试', '120']);
    const id = (await s.database.db.selectFrom('webhook_deliveries').select('id').where('user_id', '=', c.id).executeTakeFirstOrThrow()).id;
    const replay = await s.post('/api/delivery/replay', { id: Number(id) }, c.token);
    expect(replay.code, replay.message).toBe(200);
    expect(replay.data.status).toBe('delivered');
    expect(openThen.at(-1)).toBe(LIMITS.tests);

    for (const h of hangings) await h.close();
    await Promise.all(tests);
  }, 60_000);

  it("customers sharing one server: a few that never answer hold their share of it; the others' events arrive, the fewest in flight first", async () => {
    const shared = await receiver();
    /** Held requests by code, each ended when the test answers it. */
    const holds = new Map<string, () => void>();
    const open = new Map<string, number>();
    shared.answer = (req) => {
      const code = String(req.json?.code);
      if (code.startsWith('999')) {
        open.set(code, shared.open - 1);
        return { status: 200 };
      }
      return { hold: new Promise<void>((resolve) => holds.set(code, resolve)) };
    };
    const hostile = async (name: string, path: string) => {
      const c = await customerWithLinks(s, sup, name, 6);
      expect((await s.post('/api/webhook/config', { url: `${shared.url}/${path}`, enabled: true }, c.token)).code).toBe(200);
      return c;
    };
    const codesOf = (prefix: string) => shared.got.filter((g) => String(g.json?.code).startsWith(prefix)).length;
    /** After the rounds that follow, the customer has had exactly `n` tries at the server (none more is claimed). */
    const settledAt = async (c: { id: number }, prefix: string, n: number) => {
      await until(`${prefix} at ${n}`, async () => codesOf(prefix) === n);
      await s.app.jobs.runNow('webhook-delivery');
      const tried = (await rowsOf(c.id)).filter((r) => Number(r.attempt) > 0).length;
      expect([tried, codesOf(prefix)]).toEqual([n, n]);
    };
    const a = await hostile('room_share_a', 'a');
    const b = await hostile('room_share_b', 'b');
    const c = await hostile('room_share_c', 'c');
    const l1 = await customerWithLinks(s, sup, 'room_share_l1');
    const l2 = await customerWithLinks(s, sup, 'room_share_l2');
    for (const l of [l1, l2])
      expect((await s.post('/api/webhook/config', { url: `${shared.url}/legit`, enabled: true }, l.token)).code).toBe(200);

    // Alone at the server, A has a customer's room (4); B, once A is there, only its share (2).
    for (const [i, t] of a.tokens.entries()) await deliver(s, `+${t.identifier}`, `Your code is ${710000 + i}`);
    await settledAt(a, '71', LIMITS.perUser);
    for (const [i, t] of b.tokens.entries()) await deliver(s, `+${t.identifier}`, `Your code is ${720000 + i}`);
    await settledAt(b, '72', LIMITS.originShare);

    // Another customer's event to the same server arrives while all six are held.
    await deliver(s, `+${l1.tokens[0].identifier}`, 'Your code is 999001');
    await until('l1 delivered', async () => open.has('999001'));
    expect(open.get('999001')).toBe(6);

    // A third takes the rest of the server's room: now it is full.
    for (const [i, t] of c.tokens.entries()) await deliver(s, `+${t.identifier}`, `Your code is ${730000 + i}`);
    await settledAt(c, '73', LIMITS.perOrigin - 6);
    await deliver(s, `+${l2.tokens[0].identifier}`, 'Your code is 999002');
    await s.app.jobs.runNow('webhook-delivery');
    expect((await rowsOf(l2.id)).map((r) => [r.status, Number(r.attempt)])).toEqual([['pending', 0]]);

    // One of B's is answered: the room it frees goes to L2 (none in flight), not to B's older events;
    // once L2's is answered too, B has its share back.
    const before = shared.got.length;
    holds.get('720000')!();
    await until('l2 delivered', async () => open.has('999002'));
    expect(shared.got[before].json.code).toBe('999002');
    expect(open.get('999002')).toBe(LIMITS.perOrigin - 1);
    await settledAt(b, '72', LIMITS.originShare + 1);
    expect([codesOf('71'), codesOf('73')]).toEqual([LIMITS.perUser, 2]);
  }, 90_000);
});
