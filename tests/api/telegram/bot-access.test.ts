/**
 * Who the bot tells what: only active accounts, sups only the alerts their staff role may see, nothing
 * waiting for a chat once it is unbound or taken over, and links only to the console's address the
 * owner set (never one a customer's request claimed). Also the poll's lease and a blocked bot.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dbKinds, SUP, type TestServer } from '../../helpers/server.js';
import { addGoods, buyOk, credit, deliver, importLines, phones } from '../../helpers/commerce.js';
import { unmatchedTransfer } from '../fixtures/usdt.js';
import { BOT_TOKEN, type FakeBotApi } from './fake-bot-api.js';
import { botJobs, startBotServer, stopBotServer } from './setup.js';

const ALICE = { id: 8001, type: 'private' as const, username: 'alice_tg' };
const BOB = { id: 8002, type: 'private' as const, username: 'bob_tg' };
const OPS = { id: 8003, type: 'private' as const, username: 'ops_tg' };
const FIN = { id: 8004, type: 'private' as const, username: 'fin_tg' };
const HELP = { id: 8005, type: 'private' as const, username: 'help_tg' };

describe.each(dbKinds)('who the Telegram bot tells, on %s', (kind) => {
  let bot: FakeBotApi;
  let s: TestServer;
  let owner: string;

  beforeEach(async () => {
    ({ bot, s, sup: owner } = await startBotServer(kind, { publicUrl: undefined }));
  });
  afterEach(() => stopBotServer(s, bot));

  const { poll, send, watch } = botJobs(() => s);

  async function bindCode(token: string): Promise<string> {
    const r = await s.post('/api/telegram/bind', {}, token);
    expect(r.code, r.message).toBe(200);
    return r.data.code as string;
  }
  async function bind(token: string, chat: typeof ALICE) {
    bot.say(chat, `/start ${await bindCode(token)}`);
    await poll();
    await bot.waitFor(chat.id, /已绑定账户/);
  }
  async function staff(username: string, role: string) {
    const r = await s.post('/api/user/add', { username, password: 'Staff-pass-1', type: 'sup', role }, owner);
    expect(r.code, r.message).toBe(200);
    return { id: r.data.id as number, token: await s.login(username, 'Staff-pass-1') };
  }
  /** A product with one number on sale, bought by the customer: its link, for a code. */
  async function linkOf(token: string, goods: number) {
    return (await buyOk(s, token, goods)).tokens[0];
  }

  it("a customer's bind with a forged Host does not change the alerts' links; the owner's screen sets them", async () => {
    await bind(owner, OPS);
    const c = await s.addCustomer(owner, 'tg_forger');
    const forged = await s.app.inject({
      method: 'POST',
      url: '/api/telegram/bind',
      payload: {},
      headers: { host: 'evil.example', authorization: `Bearer ${c.token}`, 'content-type': 'application/json' },
    });
    expect(forged.json().code).toBe(200);
    const goods = await addGoods(s, owner, { title: '链接商品', stock_alert: 5 });
    await importLines(s, owner, goods, phones(2, 8613500000000));
    await watch();
    await send();
    const first = bot.to(OPS.id).find((t) => t.includes('库存不足'));
    expect(first).toBeDefined();
    expect(first).not.toContain('evil.example');

    // The owner's bot screen remembers where the owner reached the console.
    expect((await s.get('/api/telegram/bot', owner)).data.console_url).toBe(s.url);
    await s.app.inject({
      method: 'POST',
      url: '/api/telegram/bind',
      payload: {},
      headers: { host: 'evil.example', authorization: `Bearer ${c.token}`, 'content-type': 'application/json' },
    });
    const other = await addGoods(s, owner, { title: '第二个商品', stock_alert: 5 });
    await importLines(s, owner, other, phones(1, 8613510000000));
    await watch();
    await send();
    const second = bot.to(OPS.id).find((t) => t.includes('第二个商品'));
    expect(second).toContain(`${s.url}/items/goods`);
    expect(bot.sent.map((m) => m.text).join()).not.toContain('evil.example');
  });

  it('a disabled account is told nothing and answered nothing, and binds no chat', async () => {
    const off = await s.addCustomer(owner, 'tg_disabled');
    const on = await s.addCustomer(owner, 'tg_active');
    await credit(s, owner, off.id, 10);
    await credit(s, owner, on.id, 10);
    await bind(off.token, ALICE);
    await bind(on.token, BOB);
    const late = await s.addCustomer(owner, 'tg_late');
    const lateCode = await bindCode(late.token);
    const goods = await addGoods(s, owner);
    await importLines(s, owner, goods, phones(2, 8613400000000));
    const offLink = await linkOf(off.token, goods);
    const onLink = await linkOf(on.token, goods);
    expect((await s.post('/api/telegram/events', { events: ['code', 'balance_low'], balance_threshold: 100 }, off.token)).code).toBe(200);

    for (const id of [off.id, late.id]) expect((await s.post('/api/user/edit', { id, status: 'disabled' }, owner)).code).toBe(200);
    await deliver(s, offLink.identifier, 'Your code is 505101');
    await deliver(s, onLink.identifier, 'Your code is 505202');
    await send();
    await watch();
    await send();
    expect(bot.to(BOB.id).join()).toContain('505202');
    expect(bot.to(ALICE.id).join()).not.toMatch(/505101|余额不足/);

    bot.say(ALICE, '/balance');
    bot.say(ALICE, '/codes');
    bot.say({ id: 8099, type: 'private', username: 'late_tg' }, `/start ${lateCode}`);
    await poll();
    await bot.waitFor(8099, /绑定码无效/);
    // A disabled account's chat counts as unbound: one hint for both asks (one reply a minute at most).
    await bot.waitFor(ALICE.id, /尚未绑定/);
    expect(bot.to(ALICE.id).filter((t) => /尚未绑定/.test(t))).toHaveLength(1);
    expect(bot.to(ALICE.id).join()).not.toMatch(/余额：|最近的验证码|505101/);
    expect(await s.database.db.selectFrom('telegram_bindings').select('user_id').where('user_id', '=', late.id).execute()).toEqual([]);
  });

  it('what waits for a chat is not sent once it is unbound, taken over by another account, or left for another chat', async () => {
    const a = await s.addCustomer(owner, 'tg_a');
    const b = await s.addCustomer(owner, 'tg_b');
    await credit(s, owner, a.id, 20);
    await bind(a.token, ALICE);
    const goods = await addGoods(s, owner);
    await importLines(s, owner, goods, phones(3, 8613300000000));

    /** A code for `a` queued for its chat while Telegram is unreachable. */
    async function queuedCode(code: string) {
      const link = await linkOf(a.token, goods);
      await deliver(s, link.identifier, `Your code is ${code}`);
      bot.down = true;
      await send();
      bot.down = false;
      expect(await s.database.db.selectFrom('telegram_outbox').select('text').where('text', 'like', `%${code}%`).execute()).toHaveLength(1);
    }
    const later = async () => {
      s.clock.advance(20 * 60_000);
      await send();
      await send();
    };

    // Unbound in the console.
    await queuedCode('610001');
    expect((await s.post('/api/telegram/unbind', {}, a.token)).data.bound).toBe(false);
    await later();
    expect(bot.to(ALICE.id).at(-1)).toMatch(/已在控制台解绑/);
    expect(bot.to(ALICE.id).join()).not.toContain('610001');

    // The chat taken over by another account: a's code waiting there is not b's chat's to read.
    await bind(a.token, ALICE);
    await queuedCode('620002');
    await bind(b.token, ALICE);
    await later();
    expect(bot.to(ALICE.id).join()).not.toContain('620002');

    // The account moved to another chat: what waited for the old chat does not go there.
    await bind(a.token, BOB);
    await queuedCode('630003');
    await bind(a.token, OPS);
    await later();
    expect(bot.to(BOB.id).at(-1)).toMatch(/账户已绑定到另一个聊天/);
    expect(bot.to(BOB.id).join()).not.toContain('630003');
  });

  it('a sup is told only the alerts their staff role may see, checked again when it is told', async () => {
    const op = await staff('tg_operator', 'operator');
    const fin = await staff('tg_finance', 'finance');
    const sup = await staff('tg_support', 'support');
    const choices = async (token: string) => (await s.get('/api/telegram/info', token)).data.choices.map((c: { name: string }) => c.name);
    expect(await choices(owner)).toEqual([
      'device_silent',
      'number_expiring',
      'stock_low',
      'upstream_low',
      'agent_failing',
      'transfer_unmatched',
      'webhook_failing',
      'daily',
    ]);
    expect(await choices(op.token)).toEqual(['device_silent', 'number_expiring', 'stock_low', 'upstream_low', 'agent_failing']);
    expect(await choices(fin.token)).toEqual(['transfer_unmatched', 'webhook_failing', 'daily']);
    expect(await choices(sup.token)).toEqual(['webhook_failing']);

    await bind(op.token, OPS);
    await bind(fin.token, FIN);
    await bind(sup.token, HELP);
    expect((await s.get('/api/telegram/info', op.token)).data.events).toEqual([
      'device_silent',
      'number_expiring',
      'stock_low',
      'upstream_low',
      'agent_failing',
    ]);
    const refused = await s.post('/api/telegram/events', { events: ['daily', 'transfer_unmatched'] }, op.token);
    expect(refused.code).toBe(400);

    await unmatchedTransfer(s, 4321);
    s.clock.freeze(Date.UTC(2030, 0, 15, 1, 5)); // 09:05 in Shanghai
    await watch();
    await send();
    expect(bot.to(FIN.id).join()).toContain('$43.21');
    expect(bot.to(FIN.id).join()).toContain('每日汇总');
    for (const chat of [OPS, HELP]) expect(bot.to(chat.id).join()).not.toMatch(/未匹配转账|每日汇总|\$43\.21/);

    // Finance becomes support: the chat keeps its choices, but money alerts stop.
    owner = await s.login(SUP.username, SUP.password); // the clock moved past the first session
    expect((await s.post('/api/user/edit', { id: fin.id, role: 'support' }, owner)).code).toBe(200);
    await unmatchedTransfer(s, 9876);
    s.clock.advance(24 * 3600_000);
    await watch();
    await send();
    expect(bot.to(FIN.id).join()).not.toContain('$98.76');
    expect(bot.to(FIN.id).filter((t) => t.includes('每日汇总'))).toHaveLength(1);

    // The bot's token is the owner's: a staff sup can neither read nor change it.
    const opNow = await s.login('tg_operator', 'Staff-pass-1');
    expect((await s.get('/api/telegram/bot', opNow)).code).toBe(403);
    expect((await s.post('/api/telegram/bot', { token: BOT_TOKEN }, opNow)).code).toBe(403);
  });

  it('a bind code expires after 10 minutes', async () => {
    const c = await s.addCustomer(owner, 'tg_slow');
    const code = await bindCode(c.token);
    s.clock.advance(10 * 60_000 + 1000);
    bot.say(ALICE, `/start ${code}`);
    await poll();
    await bot.waitFor(ALICE.id, /绑定码无效或已过期/);
    expect((await s.get('/api/telegram/info', c.token)).data.bound).toBe(false);
  });

  it('a chat that blocked the bot is unbound at the first refused message', async () => {
    const c = await s.addCustomer(owner, 'tg_blocker');
    await credit(s, owner, c.id, 10);
    await bind(c.token, ALICE);
    bot.blocked.add(ALICE.id);
    const goods = await addGoods(s, owner);
    await importLines(s, owner, goods, phones(1, 8613200000000));
    await deliver(s, (await linkOf(c.token, goods)).identifier, 'Your code is 640004');
    await send();
    expect((await s.get('/api/telegram/info', c.token)).data.bound).toBe(false);
  });

  it("a poll round holds its lease for the long poll, Telegram's slack and its replies", async () => {
    s.clock.freeze(Date.UTC(2030, 0, 15, 1, 0));
    expect(await poll()).toBe(true);
    const lease = await s.database.db
      .selectFrom('job_leases')
      .select('expires_at')
      .where('name', '=', 'telegram-poll')
      .executeTakeFirstOrThrow();
    expect(Number(lease.expires_at) - s.clock.now()).toBe((s.settings.telegramPollSeconds + 10) * 1000 + 30_000);
  });
});
