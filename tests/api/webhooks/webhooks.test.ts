/**
 * Customer webhooks end to end: a real server, a customer's endpoint as a local HTTP server, codes
 * delivered through the code path every intake takes. The customer's side checks each delivery as
 * a customer would (the signature over the raw body, the event id to drop repeats).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chinese, dbKinds, localTime, startServer, SUP, type TestServer } from '../../helpers/server.js';
import { addGoods, buyOk, credit, deliver, importLines } from '../../helpers/commerce.js';
import { deliverMessage } from '../../../server/codes/deliver.js';
import { dispatcherOfApp } from '../../../server/webhooks/index.js';
import { customerWithLinks, freshPhones, until } from './customers.js';
import { startReceiver, verify, type Receiver } from './receiver.js';

/** Short waits between tries, so a test sees a whole series (production waits 10 s, 30 s, … 60 min). */
const FAST = { webhookAllowPrivate: true, webhookRetryDelaysMs: [200, 200, 200] };

describe.each(dbKinds)('customer webhooks on %s', (kind) => {
  let s: TestServer;
  let sup: string;
  let hook: Receiver;

  beforeAll(async () => {
    s = await startServer(kind, { settings: FAST });
    sup = await s.login(SUP.username, SUP.password);
  });
  afterAll(() => s?.close());
  beforeEach(async () => {
    hook = await startReceiver();
  });
  afterEach(() => hook?.close());

  const deliveries = (token: string, body: Record<string, unknown> = {}) => s.post('/api/delivery/data?pageSize=100', body, token);
  /** The process's webhook_tries_total by outcome, from /metrics. */
  const tries = async () => {
    const text = await fetch(`${s.url}/metrics`).then((r) => r.text());
    const of = (outcome: string) => Number(new RegExp(`^webhook_tries_total\\{outcome="${outcome}"\\} (\\S+)$`, 'm').exec(text)?.[1] ?? 0);
    return { retry: of('retry'), delivered: of('delivered') };
  };

  it('a code is POSTed within seconds, signed; the customer verifies it and sees it in the log', async () => {
    const c = await customerWithLinks(s, sup, 'hook_push');
    const [link] = c.tokens;
    const set = await s.post('/api/webhook/config', { url: hook.url, enabled: true }, c.token);
    expect(set.code, set.message).toBe(200);
    const secret = set.data.secret as string;
    expect(secret).toMatch(/^whsec_/);
    const config = await s.get('/api/webhook/config', c.token);
    expect(config.data).toMatchObject({ url: hook.url, enabled: true, secret_hint: `whsec_…${secret.slice(-4)}`, paused: false });
    expect(JSON.stringify(config.data)).not.toContain(secret);

    await deliver(s, `+${link.identifier}`, '【Telegram】验证码 482913，请勿泄露', { sender: 'Telegram' });
    // The code is readable at once, whatever the webhook does.
    expect((await s.get(`/api/code/${link.token}`)).data.code).toBe('482913');
    const [got] = await hook.waitFor(1);
    expect(verify(got, secret)).toBe(true);
    expect(verify(got, 'whsec_wrong')).toBe(false);
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['x-webhook-id']).toBe(got.json.event_id);
    expect(got.json).toEqual({
      activationId: link.id,
      service: 'tg',
      text: '【Telegram】验证码 482913，请勿泄露',
      code: '482913',
      country: 0,
      receivedAt: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      event_id: expect.stringMatching(/^evt_[0-9a-f]{32}$/),
      event: 'code',
      identifier: link.identifier,
      token: link.token,
    });
    expect(got.json.receivedAt.slice(0, 10)).toBe(localTime(s.clock.now()).slice(0, 10));

    const log = await until('delivered row', async () => {
      const r = await deliveries(c.token);
      return r.data.list[0]?.status === 'delivered' && r;
    });
    expect(log.data.total).toBe(1);
    expect(log.data.list[0]).toMatchObject({
      event: 'code',
      event_id: got.json.event_id,
      attempt: 1,
      http_status: 200,
      error: null,
      next_at: null,
      code: '482913',
    });
    expect((await s.get('/api/webhook/config', c.token)).data).toMatchObject({ last_status: 'delivered', last_error: null });
  });

  it('a code the sup gives to a link by hand (分配) is pushed as well', async () => {
    const customer = await s.addCustomer(sup, 'hook_assign');
    await credit(s, sup, customer.id, 10);
    const goods = await addGoods(s, sup, { title: '只收 Telegram', price: 0.1, match_keyword: 'Telegram' });
    await importLines(s, sup, goods, freshPhones(1));
    const [link] = (await buyOk(s, customer.token, goods)).tokens;
    await s.post('/api/webhook/config', { url: hook.url, enabled: true }, customer.token);
    // The product's rule is not met: the message waits in the inbox, and nothing is pushed.
    const waiting = await deliver(s, `+${link.identifier}`, 'Your code is 135790');
    expect(waiting.tokenIds).toEqual([]);
    const assigned = await s.post('/api/message/assign', { id: waiting.messageId, token_id: link.id }, sup);
    expect(assigned.code, assigned.message).toBe(200);
    const [got] = await hook.waitFor(1);
    expect(got.json).toMatchObject({ event: 'code', code: '135790', activationId: link.id, token: link.token });
    // Its log says delivered: the endpoint closing after this test cuts off no answer still on its way.
    await until('delivered row', async () => (await deliveries(customer.token)).data.list[0]?.status === 'delivered');
  });

  it('a 500 is retried with the same event id until a 2xx', async () => {
    const c = await customerWithLinks(s, sup, 'hook_retry');
    const secret = (await s.post('/api/webhook/config', { url: hook.url, enabled: true }, c.token)).data.secret;
    hook.answer = (_req, n) => ({ status: n <= 2 ? 500 : 204 });
    // The counts are the process's: no earlier test's delivery may still be trying while they are read.
    await until(
      'no delivery in flight',
      async () => !(await s.database.db.selectFrom('webhook_deliveries').select('id').where('status', '=', 'pending').executeTakeFirst()),
    );
    const before = await tries();
    await deliver(s, `+${c.tokens[0].identifier}`, 'Your code is 556677');
    const got = await hook.waitFor(3);
    expect(new Set(got.map((g) => g.headers['x-webhook-id'])).size).toBe(1);
    expect(got.every((g) => verify(g, secret))).toBe(true);
    const row = await until('delivered after retries', async () => {
      const r = await deliveries(c.token);
      return r.data.list[0]?.status === 'delivered' && r.data.list[0];
    });
    expect(row).toMatchObject({ attempt: 3, http_status: 204 });
    expect(hook.got.length).toBe(3);
    const after = await tries();
    expect([after.retry - before.retry, after.delivered - before.delivered]).toEqual([2, 1]);
  });

  it('after the last failed try the endpoint pauses and says so; saving resumes it; 重发 sends a failed one again', async () => {
    const c = await customerWithLinks(s, sup, 'hook_pause', 2);
    await s.post('/api/webhook/config', { url: hook.url, enabled: true }, c.token);
    hook.answer = () => ({ status: 503 });
    await deliver(s, `+${c.tokens[0].identifier}`, 'Your code is 111222');
    // 1 try and the 3 retries of FAST.
    await hook.waitFor(4);
    const failed = await until('failed row', async () => {
      const r = await deliveries(c.token);
      return r.data.list[0]?.status === 'failed' && r.data.list[0];
    });
    expect(failed).toMatchObject({ attempt: 4, http_status: 503, next_at: null });
    expect(chinese(failed.error)).toBe(true);
    const config = (await s.get('/api/webhook/config', c.token)).data;
    expect(config).toMatchObject({ paused: true, last_status: 'failed', enabled: true });

    // Paused: a new code is not queued.
    await deliver(s, `+${c.tokens[1].identifier}`, 'Your code is 333444');
    expect((await deliveries(c.token)).data.total).toBe(1);

    // 重发 by someone else: not theirs.
    const other = await s.addCustomer(sup, 'hook_other');
    expect((await s.post('/api/delivery/replay', { id: failed.id }, other.token)).code).toBe(404);
    hook.answer = () => ({ status: 200 });
    const replay = await s.post('/api/delivery/replay', { id: failed.id }, c.token);
    expect(replay.code, replay.message).toBe(200);
    expect(replay.data).toMatchObject({ status: 'delivered', http_status: 200, event_id: failed.event_id });
    expect(hook.got.at(-1)!.json.event_id).toBe(failed.event_id);
    expect((await s.post('/api/delivery/replay', { id: failed.id }, c.token)).code).toBe(409);
    // A delivery that goes through lifts the pause.
    expect((await s.get('/api/webhook/config', c.token)).data.paused).toBe(false);

    // Saving resumes as well; the next code is queued again.
    expect((await s.post('/api/webhook/config', { enabled: true }, c.token)).code).toBe(200);
    await deliver(s, `+${c.tokens[1].identifier}`, 'Your code is 555666');
    await until('third event', async () => hook.got.some((g) => g.json?.code === '555666'));
  });

  it('resuming a paused endpoint sends again the events its pause stopped in the last day', async () => {
    const c = await customerWithLinks(s, sup, 'hook_resume', 2);
    await s.post('/api/webhook/config', { url: hook.url, enabled: true }, c.token);
    const db = s.database.db;
    const now = s.clock.now();
    // As a pause leaves them: the endpoint paused, its other events stopped (one of today, one of two days ago).
    await db.updateTable('webhook_endpoints').set({ paused_at: now }).where('user_id', '=', c.id).execute();
    const stopped = (token: (typeof c.tokens)[number], code: string, at: number, eventId: string) => ({
      user_id: c.id,
      event_id: eventId,
      event: 'code' as const,
      token_id: token.id,
      code,
      text: `Your code is ${code}`,
      received_at: at,
      url: hook.url,
      attempt: 2,
      status: 'failed' as const,
      error: '回调已暂停，未再发送',
      create_at: at,
    });
    await db
      .insertInto('webhook_deliveries')
      .values([
        stopped(c.tokens[0], '101010', now - 3_600_000, 'evt_resume_recent'),
        stopped(c.tokens[1], '202020', now - 2 * 86_400_000, 'evt_resume_old'),
      ])
      .execute();
    expect((await s.post('/api/webhook/config', { enabled: true }, c.token)).code).toBe(200);
    const [got] = await hook.waitFor(1);
    expect(got.json).toMatchObject({ event_id: 'evt_resume_recent', code: '101010', token: c.tokens[0].token });
    const rows = await until('resent row delivered', async () => {
      const r = await deliveries(c.token);
      return r.data.list.find((d: Record<string, unknown>) => d.event_id === 'evt_resume_recent')?.status === 'delivered' && r.data.list;
    });
    expect(rows.find((d: Record<string, unknown>) => d.event_id === 'evt_resume_old')).toMatchObject({ status: 'failed' });
    await new Promise((r) => setTimeout(r, 300));
    expect(hook.got.map((g) => g.json.event_id)).toEqual(['evt_resume_recent']);
  });

  it('switching the webhook off ends an event in its retries without a pause (and without 回调持续失败)', async () => {
    const c = await customerWithLinks(s, sup, 'hook_off');
    await s.post('/api/webhook/config', { url: hook.url, enabled: true }, c.token);
    // The first try fails slowly: the customer switches the webhook off meanwhile.
    hook.answer = () => ({ status: 500, delayMs: 500 });
    await deliver(s, `+${c.tokens[0].identifier}`, 'Your code is 909090');
    await hook.waitFor(1);
    expect((await s.post('/api/webhook/config', { enabled: false }, c.token)).code).toBe(200);
    const row = await until('ended row', async () => {
      const r = await deliveries(c.token);
      return r.data.list[0]?.status === 'failed' && r.data.list[0];
    });
    expect(row).toMatchObject({ attempt: 2, error: '回调已关闭，未发送', next_at: null });
    expect((await s.get('/api/webhook/config', c.token)).data).toMatchObject({ enabled: false, paused: false });
    const endpoint = await s.database.db
      .selectFrom('webhook_endpoints')
      .select('paused_at')
      .where('user_id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(endpoint.paused_at).toBe(null);
    expect(hook.got.length).toBe(1);
  });

  it('a delivery whose try throws (a secret that no longer opens) is recorded as failed, never left in flight', async () => {
    const c = await customerWithLinks(s, sup, 'hook_throws');
    await s.post('/api/webhook/config', { url: hook.url, enabled: true }, c.token);
    // Sealed with another key (a DEVICE_SECRET_KEY changed): opening it throws.
    await s.database.db
      .updateTable('webhook_endpoints')
      .set({ secret: 'v1:AAAAAAAAAAAAAAAA:AAAAAAAAAAAAAAAAAAAAAA:AAAA' })
      .where('user_id', '=', c.id)
      .execute();
    await deliver(s, `+${c.tokens[0].identifier}`, 'Your code is 313131');
    const row = await until('recorded failure', async () => {
      const r = await deliveries(c.token);
      return r.data.list[0]?.error && r.data.list[0];
    });
    expect(row.error).toContain('内部错误');
    expect(row.status).toBe('pending');
    expect(hook.got).toEqual([]);
    // The test shows it at once as well.
    const test = await s.post('/api/webhook/test', {}, c.token);
    expect(test.code, test.message).toBe(200);
    expect(test.data).toMatchObject({ status: 'failed' });
    expect(test.data.error).toContain('内部错误');
    await s.post('/api/webhook/config', { enabled: false }, c.token);
  });

  it('rotate ends the old secret; the test event is signed with the new one', async () => {
    const c = await customerWithLinks(s, sup, 'hook_rotate');
    const old = (await s.post('/api/webhook/config', { url: hook.url, enabled: true }, c.token)).data.secret;
    const rotated = await s.post('/api/webhook/rotate', {}, c.token);
    expect(rotated.code, rotated.message).toBe(200);
    const secret = rotated.data.secret as string;
    expect(secret).not.toBe(old);
    expect((await s.get('/api/webhook/config', c.token)).data.secret_hint).toBe(`whsec_…${secret.slice(-4)}`);

    const test = await s.post('/api/webhook/test', {}, c.token);
    expect(test.code, test.message).toBe(200);
    expect(test.data).toMatchObject({ status: 'delivered', http_status: 200, event: 'test' });
    const [got] = hook.got;
    expect(got.json.event).toBe('test');
    expect(verify(got, secret)).toBe(true);
    expect(verify(got, old)).toBe(false);

    await deliver(s, `+${c.tokens[0].identifier}`, 'Your code is 778899');
    const [, code] = await hook.waitFor(2);
    expect(verify(code, secret)).toBe(true);
    expect(verify(code, old)).toBe(false);
  });

  it('10 rotations at once: every secret answered is the one stored, the others are refused', async () => {
    const c = await customerWithLinks(s, sup, 'hook_rotate_race');
    const old = (await s.post('/api/webhook/config', { url: hook.url, enabled: true }, c.token)).data.secret;
    const answers = await Promise.all(Array.from({ length: 10 }, () => s.post('/api/webhook/rotate', {}, c.token)));
    const won = answers.filter((a) => a.code === 200);
    const secrets = new Set(won.map((a) => a.data.secret as string));
    expect(secrets.size).toBe(1);
    const [secret] = secrets;
    expect(secret).not.toBe(old);
    for (const refused of answers.filter((a) => a.code !== 200)) {
      expect(refused.code).toBe(409);
      expect(chinese(refused.message)).toBe(true);
      expect(JSON.stringify(refused.data ?? null)).not.toMatch(/whsec_/);
    }
    expect((await s.get('/api/webhook/config', c.token)).data.secret_hint).toBe(`whsec_…${secret.slice(-4)}`);
    // What is stored signs: the test event verifies with the secret every successful answer gave.
    const test = await s.post('/api/webhook/test', {}, c.token);
    expect(test.data.status, test.message).toBe('delivered');
    expect(verify(hook.got[0], secret)).toBe(true);
  });

  it('a disabled customer is sent nothing: an event in its retries ends without a pause, new codes queue nothing', async () => {
    const c = await customerWithLinks(s, sup, 'hook_disabled', 2);
    await s.post('/api/webhook/config', { url: hook.url, enabled: true }, c.token);
    // The first try is held open until the sup has disabled the account, then fails.
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    hook.answer = (_req, n) => (n === 1 ? { status: 500, hold: held } : { status: 200 });
    await deliver(s, `+${c.tokens[0].identifier}`, 'Your code is 818181');
    await hook.waitFor(1);
    const off = await s.post('/api/user/edit', { id: c.id, status: 'disabled' }, sup);
    expect(off.code, off.message).toBe(200);
    release();
    const rows = () => s.database.db.selectFrom('webhook_deliveries').selectAll().where('user_id', '=', c.id).orderBy('id').execute();
    const [ended] = await until('event ended', async () => {
      const r = await rows();
      return r[0]?.status === 'failed' && r;
    });
    expect(ended).toMatchObject({ error: '账户已停用，未发送', next_at: null });
    expect(Number(ended.attempt)).toBe(2);
    const endpoint = await s.database.db
      .selectFrom('webhook_endpoints')
      .select('paused_at')
      .where('user_id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(endpoint.paused_at).toBe(null);

    // A code for the disabled account's other link: readable as always, but no event, and nothing sent.
    await deliver(s, `+${c.tokens[1].identifier}`, 'Your code is 828282');
    await s.app.jobs.runNow('webhook-delivery');
    expect((await rows()).length).toBe(1);
    expect(hook.got.length).toBe(1);
  });

  it("a slow endpoint (30 s) delays neither intake nor the code read, nor another customer's events", async () => {
    const c = await customerWithLinks(s, sup, 'hook_slow', 2);
    await s.post('/api/webhook/config', { url: hook.url, enabled: true }, c.token);
    hook.answer = () => ({ status: 200, delayMs: 30_000 });
    const otherHook = await startReceiver();
    try {
      const other = await customerWithLinks(s, sup, 'hook_slow_other');
      await s.post('/api/webhook/config', { url: otherHook.url, enabled: true }, other.token);
      await deliver(s, `+${c.tokens[0].identifier}`, 'Your code is 121212');
      await hook.waitFor(1);
      // The endpoint holds the first delivery (its limit is 5 s): a second code is stored and read
      // meanwhile, each well under that limit (generous for a busy machine; waiting on the delivery would take 5 s).
      let started = Date.now();
      const second = await deliver(s, `+${c.tokens[1].identifier}`, 'Your code is 343434');
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(second.tokenIds).toEqual([c.tokens[1].id]);
      started = Date.now();
      expect((await s.get(`/api/code/${c.tokens[1].token}`)).data.code).toBe('343434');
      const text = await fetch(`${s.url}/api/code/${c.tokens[1].token}?format=text`).then((r) => r.text());
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(text).toBe('STATUS_OK:343434');
      expect((await s.get(`/api/code/${c.tokens[0].token}`)).data.code).toBe('121212');
      // Another customer's event goes out while the slow one is still held.
      await deliver(s, `+${other.tokens[0].identifier}`, 'Your code is 565656');
      const [theirs] = await otherHook.waitFor(1);
      expect(theirs.json.code).toBe('565656');
      expect(hook.got.length).toBeLessThanOrEqual(2);
      const held = await until('slow deliveries still held', async () => {
        const r = await deliveries(c.token);
        return r.data.list.length === 2 && r.data.list;
      });
      expect(held.some((d: Record<string, unknown>) => d.status === 'pending' && !d.error)).toBe(true);
      // Both deliveries are cut off by the 5 s limit and wait for their next try.
      const rows = await until(
        'timed-out rows',
        async () => {
          const r = await deliveries(c.token);
          return (
            r.data.list.length === 2 && r.data.list.every((d: Record<string, unknown>) => d.status === 'pending' && d.error) && r.data.list
          );
        },
        20_000,
      );
      expect(rows[0].error).toContain('5 秒内没有应答');
    } finally {
      await s.post('/api/webhook/config', { enabled: false }, c.token);
      await otherHook.close();
    }
  }, 30_000);

  it("one customer has at most 4 deliveries in flight: a slow one never takes another's room", async () => {
    const c = await customerWithLinks(s, sup, 'hook_many', 10);
    await s.post('/api/webhook/config', { url: hook.url, enabled: true }, c.token);
    hook.answer = () => ({ status: 200, delayMs: 3_000 });
    const otherHook = await startReceiver();
    try {
      const other = await customerWithLinks(s, sup, 'hook_many_other');
      await s.post('/api/webhook/config', { url: otherHook.url, enabled: true }, other.token);
      await Promise.all(c.tokens.map((t, i) => deliver(s, `+${t.identifier}`, `Your code is ${700000 + i}`)));
      await hook.waitFor(4);
      // Rounds keep running (another customer's code wakes one): none of them sends this customer a fifth.
      await deliver(s, `+${other.tokens[0].identifier}`, 'Your code is 717171');
      await otherHook.waitFor(1);
      await s.app.jobs.runNow('webhook-delivery');
      await new Promise((r) => setTimeout(r, 300));
      expect(hook.got.length).toBe(4);
      // As they finish, the rest go out, four at a time.
      await hook.waitFor(10, 20_000);
      const delivered = await until(
        'all delivered',
        async () => {
          const r = await deliveries(c.token, { status: 'delivered' });
          return r.data.total === 10 && r.data.list;
        },
        20_000,
      );
      expect(delivered.every((d: Record<string, unknown>) => d.attempt === 1)).toBe(true);
    } finally {
      await otherHook.close();
    }
  }, 40_000);

  it('two processes deliver each event once', async () => {
    const c = await customerWithLinks(s, sup, 'hook_two', 20);
    await s.post('/api/webhook/config', { url: hook.url, enabled: true }, c.token);
    const peer = await s.peer(FAST);
    const mine = dispatcherOfApp(s.app)!;
    const theirs = dispatcherOfApp(peer.app)!;
    expect(mine && theirs && mine !== theirs).toBeTruthy();
    let going = true;
    // Both processes run rounds as fast as they can, at the same time (no job lease between them).
    const spin = (d: typeof mine) =>
      (async () => {
        while (going) {
          await d.round();
          await new Promise((r) => setTimeout(r, 2));
        }
      })();
    const spinners = [spin(mine), spin(theirs)];
    try {
      // Half the codes come in through each process.
      await Promise.all(
        c.tokens.map((t, i) =>
          i % 2
            ? deliver(s, `+${t.identifier}`, `Your code is ${900000 + i}`)
            : deliverMessage(theirs.ctx, {
                source: 'sms',
                recipient: `+${t.identifier}`,
                sender: '+10086',
                text: `Your code is ${900000 + i}`,
                receivedAt: s.clock.now(),
              }),
        ),
      );
      await hook.waitFor(20);
      await until('all delivered', async () => {
        const r = await deliveries(c.token, { status: 'delivered' });
        return r.data.total === 20;
      });
    } finally {
      going = false;
      await Promise.all(spinners);
    }
    await new Promise((r) => setTimeout(r, 300));
    const ids = hook.got.map((g) => g.headers['x-webhook-id']);
    expect(ids.length).toBe(20);
    expect(new Set(ids).size).toBe(20);
  });

  it('finished deliveries older than WEBHOOK_LOG_DAYS are forgotten; pending and recent ones stay', async () => {
    const c = await s.addCustomer(sup, 'hook_prune');
    const db = s.database.db;
    const now = s.clock.now();
    const day = 86_400_000;
    const row = (eventId: string, status: 'pending' | 'delivered' | 'failed', age: number) => ({
      user_id: c.id,
      event_id: eventId,
      event: 'test' as const,
      url: 'http://93.184.216.34/',
      status,
      create_at: now - age,
      next_at: status === 'pending' ? now + day : null,
    });
    await db
      .insertInto('webhook_deliveries')
      .values([
        row('evt_prune_old_ok', 'delivered', 31 * day),
        row('evt_prune_old_failed', 'failed', 40 * day),
        row('evt_prune_old_pending', 'pending', 31 * day),
        row('evt_prune_recent', 'delivered', 29 * day),
      ])
      .execute();
    expect(await s.app.jobs.runNow('webhook-log-prune')).toBe(true);
    const left = await db.selectFrom('webhook_deliveries').select('event_id').where('user_id', '=', c.id).orderBy('event_id').execute();
    expect(left.map((r) => r.event_id)).toEqual(['evt_prune_old_pending', 'evt_prune_recent']);
  });

  it('a delivered event keeps its code in the log, not the message text', async () => {
    const c = await customerWithLinks(s, sup, 'hook_text');
    await s.post('/api/webhook/config', { url: hook.url, enabled: true }, c.token);
    await deliver(s, `+${c.tokens[0].identifier}`, 'Your code is 424242');
    await until('delivered', async () => (await deliveries(c.token)).data.list[0]?.status === 'delivered');
    const stored = await s.database.db
      .selectFrom('webhook_deliveries')
      .select(['code', 'text'])
      .where('user_id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ code: '424242', text: null });
  });

  it('tests and 重发 are rate-limited per user, one at a time', async () => {
    const c = await customerWithLinks(s, sup, 'hook_manual');
    await s.post('/api/webhook/config', { url: hook.url, enabled: true }, c.token);
    hook.answer = () => ({ status: 200, delayMs: 800 });
    const [a, b] = await Promise.all([s.post('/api/webhook/test', {}, c.token), s.post('/api/webhook/test', {}, c.token)]);
    expect([a.code, b.code].sort()).toEqual([200, 409]);
    expect(chinese([a, b].find((r) => r.code === 409)!.message)).toBe(true);
    hook.answer = () => ({ status: 200 });
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await s.post('/api/webhook/test', {}, c.token)).code);
    // A burst of 5 in all (one went above).
    expect(codes.filter((x) => x === 200).length).toBe(4);
    expect(codes.at(-1)).toBe(429);
  });

  it('重发 by staff follows the orders grant: support may, an operator may not', async () => {
    const c = await customerWithLinks(s, sup, 'hook_staff');
    await s.post('/api/webhook/config', { url: hook.url, enabled: true }, c.token);
    hook.answer = () => ({ status: 500 });
    const test = await s.post('/api/webhook/test', {}, c.token);
    expect(test.data.status).toBe('failed');
    const staff = async (username: string, role: string) => {
      const made = await s.post('/api/user/add', { username, password: 'Staff-pass-1', type: 'sup', role }, sup);
      expect(made.code, made.message).toBe(200);
      return s.login(username, 'Staff-pass-1');
    };
    const operator = await staff('hook_operator', 'operator');
    expect((await s.post('/api/delivery/replay', { id: test.data.id }, operator)).code).toBe(403);
    expect((await s.post('/api/delivery/data', {}, operator)).code).toBe(403);
    const support = await staff('hook_support', 'support');
    hook.answer = () => ({ status: 200 });
    const replay = await s.post('/api/delivery/replay', { id: test.data.id }, support);
    expect(replay.code, replay.message).toBe(200);
    expect(replay.data.status).toBe('delivered');
    expect((await s.post('/api/delivery/data', {}, support)).data.total).toBeGreaterThan(0);
  });

  it('rounds woken many times a second renew the job lease at most once a second', async () => {
    const lease = async () =>
      Number(
        (await s.database.db.selectFrom('job_leases').select('expires_at').where('name', '=', 'webhook-delivery').executeTakeFirstOrThrow())
          .expires_at,
      );
    // Later than any lease another app of these tests holds.
    const t = Date.now() + 3_600_000;
    s.clock.freeze(t);
    try {
      expect(await s.app.jobs.runNow('webhook-delivery')).toBe(true);
      const first = await lease();
      expect(first).toBeGreaterThan(t);
      s.clock.advance(500);
      expect(await s.app.jobs.runNow('webhook-delivery')).toBe(true);
      expect(await lease()).toBe(first);
      s.clock.advance(600);
      expect(await s.app.jobs.runNow('webhook-delivery')).toBe(true);
      expect(await lease()).toBe(first + 1_100);
    } finally {
      s.clock.reset();
    }
  });
});

describe.each(dbKinds)('webhook addresses on %s', (kind) => {
  let s: TestServer;
  let customer: { id: number; token: string };
  let sup: string;

  beforeAll(async () => {
    // Production settings: private addresses refused.
    s = await startServer(kind);
    sup = await s.login(SUP.username, SUP.password);
    customer = await s.addCustomer(sup, 'hook_addr');
  });
  afterAll(() => s?.close());

  it.each([
    ['loopback', 'http://127.0.0.1:8080/hook'],
    ['a name for loopback', 'http://localhost/hook'],
    ['a private network', 'http://10.1.2.3/hook'],
    ['another private network', 'https://192.168.1.10/hook'],
    ['carrier NAT', 'http://100.64.0.1/'],
    ['link-local', 'http://169.254.10.10/'],
    ['the metadata address', 'http://169.254.169.254/latest/meta-data/'],
    ['IPv6 loopback', 'http://[::1]:8080/'],
    ['IPv4 mapped in IPv6', 'http://[::ffff:127.0.0.1]/'],
    ['IPv6 unique-local', 'http://[fd12:3456::1]/'],
    ['multicast', 'http://224.0.0.1/'],
    ['another scheme', 'ftp://example.com/hook'],
    ['a file', 'file:///etc/passwd'],
    ['credentials in the URL', 'https://user:pass@example.com/hook'],
    ['not a URL', 'hook please'],
  ])('%s is refused when set', async (_what, url) => {
    const r = await s.post('/api/webhook/config', { url, enabled: true }, customer.token);
    expect(r.code, r.message).toBe(400);
    expect(chinese(r.message)).toBe(true);
    expect(r.data.errors.url).toBeTruthy();
    expect((await s.get('/api/webhook/config', customer.token)).data.url).toBe('');
  });

  it('the metadata address stays refused with WEBHOOK_ALLOW_PRIVATE=1; loopback is then allowed', async () => {
    const open = await s.sibling({ webhookAllowPrivate: true });
    expect((await open.post('/api/webhook/config', { url: 'http://169.254.169.254/', enabled: true }, customer.token)).code).toBe(400);
    expect((await open.post('/api/webhook/config', { url: 'http://[::ffff:a9fe:a9fe]/', enabled: true }, customer.token)).code).toBe(400);
    const set = await open.post('/api/webhook/config', { url: 'http://127.0.0.1:9/hook', enabled: false }, customer.token);
    expect(set.code, set.message).toBe(200);
    await open.app.close();
  });

  it('checked again at each delivery: a name that now points inside is refused, and nothing is sent there', async () => {
    const hook = await startReceiver();
    try {
      const c = await customerWithLinks(s, sup, 'hook_rebind');
      // A public address when set...
      const set = await s.post('/api/webhook/config', { url: 'http://93.184.216.34/hook', enabled: true }, c.token);
      expect(set.code, set.message).toBe(200);
      // ...and later the same endpoint leads inside (as a name re-pointed by its DNS would).
      await s.database.db
        .updateTable('webhook_endpoints')
        .set({ url: `http://localhost:${hook.port}/hook` })
        .where('user_id', '=', c.id)
        .execute();
      await deliver(s, `+${c.tokens[0].identifier}`, 'Your code is 246810');
      const row = await until('refused try', async () => {
        const r = await s.post('/api/delivery/data', {}, c.token);
        return r.data.list[0]?.error && r.data.list[0];
      });
      expect(row.error).toContain('内网');
      expect(row.http_status).toBe(null);
      expect(hook.got).toEqual([]);
    } finally {
      await hook.close();
    }
  });

  it('a sup who switched into the account gets no secret', async () => {
    const c = await s.addCustomer(sup, 'hook_switched');
    // Switching ends the calling session: a session of its own.
    const inside = await s.post('/api/user/manager', { id: c.id }, await s.login(SUP.username, SUP.password));
    expect(inside.code, inside.message).toBe(200);
    const r = await s.post('/api/webhook/config', { url: 'http://93.184.216.34/hook' }, inside.data.token);
    expect(r.code).toBe(403);
    expect(await s.database.db.selectFrom('webhook_endpoints').select('id').where('user_id', '=', c.id).execute()).toEqual([]);
  });

  it('the secret is stored sealed, never in the clear', async () => {
    const c = await s.addCustomer(sup, 'hook_sealed');
    const secret = (await s.post('/api/webhook/config', { url: 'http://93.184.216.34/hook' }, c.token)).data.secret;
    const row = await s.database.db.selectFrom('webhook_endpoints').selectAll().where('user_id', '=', c.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(row.secret).toMatch(/^v1:/);
  });
});
