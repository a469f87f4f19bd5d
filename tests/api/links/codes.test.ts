/**
 * Codes: messages delivered through deliverMessage (the call the SMS webhook, SMTP and upstream
 * polling make), and reading them through GET /api/code/<token> in JSON, text and long-poll form,
 * within the rate limits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEDUPE_WINDOW_MS, exactKey, messageFingerprint } from '../../../server/codes/dedupe.js';
import { codeSignal } from '../../../server/links/code-wake.js';
import type { Delivery } from '../../../server/codes/deliver.js';
import { chinese, dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';
import { addGoods, buyOk, credit, deliver, importLines, phones } from '../../helpers/commerce.js';

const MINUTE = 60_000;

describe.each(dbKinds)('codes on %s', (kind) => {
  let s: TestServer;
  let sup: string;
  let buyer: { id: number; token: string };
  let nextPhone = 8613500000000;
  const db = () => s.database.db;

  /** A product with its own numbers, and `n` links bought on it. */
  async function links(n: number, goods: Record<string, unknown> = {}) {
    const id = await addGoods(s, sup, { title: `商品${nextPhone}`, price: 0.1, ...goods });
    await importLines(s, sup, id, phones(n, nextPhone));
    nextPhone += 1000;
    return { goods: id, tokens: (await buyOk(s, buyer.token, id, n)).tokens };
  }
  const read = (token: string, query = '') => s.call('GET', `/api/code/${token}${query}`);
  const text = async (token: string, query = '') => {
    const res = await fetch(`${s.url}/api/code/${token}?format=text${query}`);
    return { status: res.status, body: await res.text(), type: res.headers.get('content-type'), retry: res.headers.get('retry-after') };
  };

  beforeAll(async () => {
    s = await startServer(kind);
    sup = await s.login(SUP.username, SUP.password);
    buyer = await s.addCustomer(sup, 'code_buyer');
    await credit(s, sup, buyer.id, 1000);
  });
  afterAll(() => s?.close());

  describe('delivery', () => {
    it('a code reaches the link holding the number; the read shows it in JSON and text; a record is kept', async () => {
      const {
        tokens: [t],
      } = await links(1, { receive_limit: 2 });
      const waiting = await read(t.token);
      expect(waiting.data).toEqual({
        state: 'active',
        identifier: t.identifier,
        code: null,
        text: null,
        received_at: null,
        expires_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
        receives_left: 2,
        product: expect.stringMatching(/^商品/),
        reset: false,
        refund_at: null,
      });
      expect(waiting.headers.get('cache-control')).toBe('no-store');
      expect(await text(t.token)).toMatchObject({ status: 200, body: 'STATUS_WAIT_CODE', type: 'text/plain; charset=utf-8' });

      const d = await deliver(s, `+${t.identifier}`, '【Telegram】验证码 482913 ，请勿泄露', { sender: 'Telegram' });
      expect(d).toMatchObject({ code: '482913', tokenIds: [t.id], reason: null });
      const got = await read(t.token);
      expect(got.data).toMatchObject({
        state: 'code_received',
        code: '482913',
        text: '【Telegram】验证码 482913 ，请勿泄露',
        receives_left: 1,
      });
      expect(got.data.received_at).toMatch(/^\d{4}-/);
      expect((await text(t.token)).body).toBe('STATUS_OK:482913');

      const records = (await s.post('/api/record/data', {}, buyer.token)).data;
      expect(records.list[0]).toMatchObject({
        token_id: t.id,
        identifier: t.identifier,
        code: '482913',
        sender: 'Telegram',
        goods_id_label: expect.any(String),
      });
      expect((await s.post('/api/token/data', { token: t.token }, buyer.token)).data.list[0]).toMatchObject({
        last_code: '482913',
        received: 1,
        receives_left: 1,
        state: 'code_received',
      });
      const message = await db().selectFrom('messages').selectAll().where('id', '=', d.messageId).executeTakeFirstOrThrow();
      expect(message).toMatchObject({ source: 'sms', code: '482913', reason: null });
      expect(Number(message.token_id)).toBe(t.id);
    });

    it('the receive limit: used up at the limit (the code still readable), later messages recorded with the reason', async () => {
      const {
        tokens: [t],
      } = await links(1, { receive_limit: 2 });
      await deliver(s, t.identifier, '验证码 111111 请勿泄露');
      await deliver(s, t.identifier, '验证码 222222 请勿泄露');
      expect((await read(t.token)).data).toMatchObject({ state: 'used_up', code: '222222', receives_left: 0 });
      // A script polling once a second still reads the code that used the link up.
      expect((await text(t.token)).body).toBe('STATUS_OK:222222');
      const third = await deliver(s, t.identifier, '验证码 333333 请勿泄露');
      expect(third).toMatchObject({ tokenIds: [], reason: '链接的接码次数已用完' });
      expect((await read(t.token)).data.code).toBe('222222');
      expect(await db().selectFrom('code_records').select('code').where('token_id', '=', t.id).orderBy('id').execute()).toEqual([
        { code: '111111' },
        { code: '222222' },
      ]);
    });

    it('messages from before the link was armed do not count; nor do ones without a code, for nobody, or past expiry', async () => {
      const {
        tokens: [t],
      } = await links(1, { receive_limit: 0 });
      const armedAt = Number(
        (await db().selectFrom('tokens').select('armed_at').where('id', '=', t.id).executeTakeFirstOrThrow()).armed_at,
      );
      expect(await deliver(s, t.identifier, '验证码 101010 请勿泄露', { receivedAt: armedAt - MINUTE })).toMatchObject({
        tokenIds: [],
        reason: '消息早于链接的启用（重提）时间',
      });
      expect(await deliver(s, t.identifier, '您好，欢迎使用')).toMatchObject({ tokenIds: [], reason: '未识别到验证码' });
      expect(await deliver(s, '8619999999999', '验证码 202020 请勿泄露')).toMatchObject({
        tokenIds: [],
        reason: '没有持有该号码或邮箱的链接',
      });
      expect((await read(t.token)).data).toMatchObject({ state: 'active', code: null, receives_left: null });
      // Unlimited receiving: every code counts.
      for (const c of ['303030', '404040', '505050']) await deliver(s, t.identifier, `code: ${c} `);
      expect((await read(t.token)).data).toMatchObject({ state: 'code_received', code: '505050', receives_left: null });
      const reasons = await db()
        .selectFrom('messages')
        .select('reason')
        .where('recipient', 'in', [t.identifier, '8619999999999'])
        .orderBy('id')
        .execute();
      expect(reasons.map((r) => r.reason)).toEqual([
        '消息早于链接的启用（重提）时间',
        '未识别到验证码',
        '没有持有该号码或邮箱的链接',
        null,
        null,
        null,
      ]);
    });

    it("the product's sender and keyword rules; a number sold for two services gives each its own codes", async () => {
      const shared = String(nextPhone);
      nextPhone += 1000;
      const tg = await addGoods(s, sup, { title: 'TG', price: 0.1, match_sender: 'Telegram|TG', match_keyword: 'telegram' });
      const any = await addGoods(s, sup, { title: '通用', price: 0.1 });
      await importLines(s, sup, tg, [shared]);
      await importLines(s, sup, any, [shared]);
      const [tgLink] = (await buyOk(s, buyer.token, tg)).tokens;
      const [anyLink] = (await buyOk(s, buyer.token, any)).tokens;
      expect(await deliver(s, shared, 'Telegram code 123321 , do not share', { sender: 'Telegram' })).toMatchObject({
        tokenIds: [tgLink.id],
      });
      expect(await deliver(s, shared, '【某宝】验证码 777888 请勿泄露', { sender: '10690' })).toMatchObject({ tokenIds: [anyLink.id] });
      expect((await read(tgLink.token)).data.code).toBe('123321');
      expect((await read(anyLink.token)).data.code).toBe('777888');

      const only = await addGoods(s, sup, { title: '仅TG', price: 0.1, match_sender: 'Telegram' });
      await importLines(s, sup, only, [String(nextPhone)]);
      const [onlyLink] = (await buyOk(s, buyer.token, only)).tokens;
      expect(await deliver(s, onlyLink.identifier, '验证码 999000 请勿泄露', { sender: 'WhatsApp' })).toMatchObject({
        tokenIds: [],
        reason: '发件人或内容不符合商品的匹配规则',
      });
      nextPhone += 1000;
    });

    it('mailboxes match whatever their case', async () => {
      const mail = await addGoods(s, sup, { title: '邮箱', channel: 'mail', service: 'go', price: 0.1 });
      await importLines(s, sup, mail, ['Box.One@Example.com']);
      const [t] = (await buyOk(s, buyer.token, mail)).tokens;
      expect(
        await deliver(s, 'box.one@EXAMPLE.com', 'Your code is 654321 ', { source: 'mail', sender: 'noreply@google.com' }),
      ).toMatchObject({ tokenIds: [t.id] });
    });

    it('messages arriving together never pass the receive limit', async () => {
      const {
        tokens: [t],
      } = await links(1, { receive_limit: 1 });
      const results = await Promise.all(Array.from({ length: 8 }, (_, i) => deliver(s, t.identifier, `验证码 80000${i} 请勿泄露`)));
      expect(results.filter((r) => r.tokenIds.length)).toHaveLength(1);
      const row = await db().selectFrom('tokens').select(['received', 'state']).where('id', '=', t.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ received: 1, state: 'used_up' });
      expect(await db().selectFrom('code_records').select('id').where('token_id', '=', t.id).execute()).toHaveLength(1);
    });

    it('a burst of messages at once: each reaches its link, copies are stored once, one that cannot be stored loses no other', async () => {
      const { tokens: all } = await links(13);
      const tokens = all.slice(0, 12);
      const spoiled = all[12];
      const before = Number(
        (
          await db()
            .selectFrom('messages')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
      const at = s.clock.now();
      const sms = (t: { identifier: string }, i: number) => {
        const identity = {
          source: 'sms',
          deviceId: null,
          recipient: t.identifier,
          slot: null,
          sender: '+10086',
          text: `验证码 ${700000 + i}，请勿泄露`,
          receivedAt: at,
        };
        const fingerprint = messageFingerprint(identity);
        return deliver(s, t.identifier, identity.text, {
          receivedAt: at,
          dedupe: { fingerprint, exactKey: exactKey(identity, fingerprint), windowMs: DEDUPE_WINDOW_MS },
        });
      };
      const results = await Promise.allSettled([
        ...tokens.map(sms),
        sms(tokens[0], 0),
        sms(tokens[5], 5),
        // Its slot cannot be stored: its link received the code before the message failed, and that is undone alone.
        deliver(s, spoiled.identifier, '验证码 799999，请勿泄露', { slot: {} as never }),
      ]);
      const answers = results.map((r) => (r.status === 'fulfilled' ? r.value : 'failed'));
      // Of a message and its copy (arriving at once, either may be first), one reaches the link and one is the duplicate.
      // The SMS (answers 0 to 13) are all delivered: a 'failed' among them fails the expectations below.
      const delivered = answers as Delivery[];
      const pairs: Record<number, Delivery[]> = { 0: [delivered[0], delivered[12]], 5: [delivered[5], delivered[13]] };
      const got = delivered.slice(0, 12).map((d, i) => (pairs[i] ? pairs[i].find((x) => !x.duplicate)! : d).tokenIds);
      expect(got).toEqual(tokens.map((t) => [t.id]));
      for (const pair of Object.values(pairs)) expect(pair.filter((x) => x.duplicate)).toHaveLength(1);
      expect(answers[14]).toBe('failed');
      for (const [i, t] of tokens.entries()) expect((await text(t.token)).body).toBe(`STATUS_OK:${700000 + i}`);
      expect((await text(spoiled.token)).body).toBe('STATUS_WAIT_CODE');
      const after = Number(
        (
          await db()
            .selectFrom('messages')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
      expect(after - before).toBe(12);
    });
  });

  describe('reading', () => {
    it('an unknown link: 404 in JSON, NO_ACTIVATION in text', async () => {
      const r = await read('AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
      expect(r.code).toBe(404);
      expect(chinese(r.message)).toBe(true);
      expect((await text('AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).body).toBe('NO_ACTIVATION');
    });

    it('expired, refunded and revoked links say STATUS_CANCEL', async () => {
      const {
        tokens: [a, b],
      } = await links(2, { valid_hours: 1 });
      await s.post('/api/token/refund', { id: b.id, remark: '测试' }, sup);
      expect((await text(b.token)).body).toBe('STATUS_CANCEL');
      expect((await read(b.token)).data.state).toBe('refunded');
      s.clock.advance(61 * MINUTE);
      try {
        // Past its time the link reads as expired before the sweep has run.
        expect((await read(a.token)).data.state).toBe('expired');
        expect((await text(a.token)).body).toBe('STATUS_CANCEL');
      } finally {
        s.clock.reset();
      }
    });

    it('?wait=N answers the moment a code is delivered', async () => {
      const {
        tokens: [t],
      } = await links(1);
      const signal = codeSignal(s.database);
      const started = Date.now();
      const pending = read(t.token, '?wait=30');
      const pendingText = text(t.token, '&wait=30');
      await expect.poll(() => signal.waiting, { timeout: 10_000 }).toBe(2);
      await deliver(s, t.identifier, '验证码 606060 请勿泄露');
      const [json, plain] = await Promise.all([pending, pendingText]);
      expect(Date.now() - started).toBeLessThan(20_000);
      expect(json.data).toMatchObject({ state: 'used_up', code: '606060', receives_left: 0 });
      expect(plain.body).toBe('STATUS_OK:606060');
      expect(signal.waiting).toBe(0);
      // With a code already there, a wait answers at once.
      expect((await read(t.token, '?wait=30')).data.code).toBe('606060');
    });

    it('?wait=N woken by a change the reader cannot see (a late notice, say) keeps waiting for the code', async () => {
      const {
        tokens: [t],
      } = await links(1);
      const signal = codeSignal(s.database);
      const pending = read(t.token, '?wait=30');
      await expect.poll(() => signal.waiting, { timeout: 10_000 }).toBe(1);
      signal.wakeLocal([t.id]);
      // Still waiting, on a new wait of its own.
      await expect.poll(() => signal.waiting, { timeout: 10_000 }).toBe(1);
      await deliver(s, t.identifier, '验证码 707070 请勿泄露');
      expect((await pending).data).toMatchObject({ code: '707070' });
    });

    it('?wait=N without a code answers STATUS_WAIT_CODE after N seconds; a closed connection stops waiting', async () => {
      const {
        tokens: [t],
      } = await links(1);
      const started = Date.now();
      expect((await text(t.token, '&wait=1')).body).toBe('STATUS_WAIT_CODE');
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
      const signal = codeSignal(s.database);
      const gone = new AbortController();
      const abandoned = fetch(`${s.url}/api/code/${t.token}?wait=60`, { signal: gone.signal }).catch(() => 'aborted');
      await expect.poll(() => signal.waiting, { timeout: 10_000 }).toBe(1);
      gone.abort();
      expect(await abandoned).toBe('aborted');
      await expect.poll(() => signal.waiting, { timeout: 10_000 }).toBe(0);
    });

    it('a script polling once a second is never limited', async () => {
      const {
        tokens: [t],
      } = await links(1);
      s.clock.freeze(Date.now());
      try {
        for (let i = 0; i < 200; i++) {
          expect((await text(t.token)).status).toBe(200);
          s.clock.advance(1000);
        }
      } finally {
        s.clock.reset();
      }
    });

    it('too many reads of one link: 429 with Retry-After, in JSON and text; allowed again after waiting', async () => {
      const strict = await s.sibling({ codeRatePerToken: 60, codeRatePerAddress: 100_000 });
      const {
        tokens: [t],
      } = await links(1);
      s.clock.freeze(Date.now());
      try {
        for (let i = 0; i < 10; i++) expect((await strict.get(`/api/code/${t.token}`)).code).toBe(200);
        const limited = await strict.get(`/api/code/${t.token}`);
        expect(limited.code).toBe(429);
        expect(limited.status).toBe(200);
        expect(chinese(limited.message)).toBe(true);
        expect(limited.headers.get('retry-after')).toBe('1');
        const plain = await fetch(`${strict.url}/api/code/${t.token}?format=text`);
        expect(plain.status).toBe(429);
        expect(plain.headers.get('retry-after')).toBe('1');
        expect(await plain.text()).toBe('TOO_MANY_REQUESTS');
        // Other links are not affected by this one's limit.
        const {
          tokens: [other],
        } = await links(1);
        expect((await strict.get(`/api/code/${other.token}`)).code).toBe(200);
        s.clock.advance(1000);
        expect((await strict.get(`/api/code/${t.token}`)).code).toBe(200);
      } finally {
        s.clock.reset();
      }
    });

    it('too many reads from one address, over any links (or none): 429 with Retry-After', async () => {
      const strict = await s.sibling({ codeRatePerToken: 100_000, codeRatePerAddress: 60 });
      const { tokens } = await links(4);
      s.clock.freeze(Date.now());
      try {
        for (let i = 0; i < 10; i++) {
          const target = i % 5 === 4 ? 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' : tokens[i % 5].token;
          expect((await strict.get(`/api/code/${target}`)).code).not.toBe(429);
        }
        const limited = await strict.get(`/api/code/${tokens[0].token}`);
        expect(limited.code).toBe(429);
        expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      } finally {
        s.clock.reset();
      }
    });

    it('a read writes nothing', async () => {
      const {
        tokens: [t],
      } = await links(1);
      await deliver(s, t.identifier, '验证码 717171 请勿泄露');
      const before = await s.snapshot();
      for (let i = 0; i < 5; i++) await read(t.token);
      await text(t.token);
      expect(await s.snapshot()).toBe(before);
    });
  });
});
