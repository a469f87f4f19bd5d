/**
 * The Telegram bot against a local Bot API: binding a chat with a one-time code, a code pushed to the
 * bound chat, the commands, a chat that is not bound told nothing, and the sups' alerts told once.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.js';
import { dbKinds, SUP, type TestServer } from '../../helpers/server.js';
import { addGoods, buyOk, credit, deliver, importLines, phones } from '../../helpers/commerce.js';
import { addDevice } from '../../helpers/intake.js';
import { unmatchedTransfer } from '../fixtures/usdt.js';
import { BOT_TOKEN, BOT_USERNAME, type FakeBotApi } from './fake-bot-api.js';
import { botJobs, startBotServer, stopBotServer } from './setup.js';

const ALICE = { id: 7001, type: 'private' as const, username: 'alice_tg' };
const OPS = { id: 7002, type: 'private' as const, username: 'ops_tg' };
const STRANGER = { id: 7999, type: 'private' as const, username: 'stranger' };

describe.each(dbKinds)('Telegram bot on %s', (kind) => {
  let bot: FakeBotApi;
  let s: TestServer;
  let sup: string;

  beforeEach(async () => {
    ({ bot, s, sup } = await startBotServer(kind));
  });
  afterEach(() => stopBotServer(s, bot));

  const { poll, send, watch } = botJobs(() => s);

  /** The console's 绑定 Telegram, then `/start <code>` in the chat. */
  async function bind(token: string, chat: typeof ALICE) {
    const r = await s.post('/api/telegram/bind', {}, token);
    expect(r.code, r.message).toBe(200);
    expect(r.data.link).toBe(`https://t.me/${BOT_USERNAME}?start=${r.data.code}`);
    bot.say(chat, `/start ${r.data.code}`);
    await poll();
    await bot.waitFor(chat.id, /已绑定账户/);
    return r.data.code as string;
  }

  it('binds a chat with a one-time code, pushes each code within seconds, answers /balance and /codes', async () => {
    // This app runs its jobs on their timers, as a server does.
    const live = await buildApp({ settings: s.settings, database: s.database, now: s.clock.now, logger: false, runJobs: true });
    try {
      const c = await s.addCustomer(sup, 'tg_alice');
      await credit(s, sup, c.id, 20);
      const before = await s.get('/api/telegram/info', c.token);
      expect(before.data).toMatchObject({ bound: false, chat_title: null, configured: true });

      const r = await s.post('/api/telegram/bind', {}, c.token);
      bot.say(ALICE, `/start ${r.data.code}`);
      expect(await bot.waitFor(ALICE.id, /已绑定账户 tg_alice/)).toContain('/balance');
      const info = await s.get('/api/telegram/info', c.token);
      expect(info.data).toMatchObject({ bound: true, chat_title: '@alice_tg', events: ['code', 'balance_low', 'webhook_failing'] });
      // The empty `tg` contact got the Telegram account that bound.
      expect((await s.post('/api/user/info', {}, c.token)).data.tg).toBe('@alice_tg');

      // The code used once is spent: another chat cannot take the account with it.
      bot.say(STRANGER, `/start ${r.data.code}`);
      await bot.waitFor(STRANGER.id, /绑定码无效或已过期/);

      const goods = await addGoods(s, sup, { title: '电报接码' });
      await importLines(s, sup, goods, phones(2));
      const link = (await buyOk(s, c.token, goods)).tokens[0];
      const delivered = await deliver(s, link.identifier, '【Telegram】您的验证码是 482913，5 分钟内有效');
      expect(delivered.tokenIds).toEqual([link.id]);
      // Intake did not wait for Telegram: the code is readable at once.
      expect((await s.get(`/api/code/${link.token}`)).data.code).toBe('482913');
      const pushed = await bot.waitFor(ALICE.id, /482913/);
      expect(pushed).toContain(link.identifier);
      expect(pushed).toContain('电报接码');

      bot.say(ALICE, '/balance');
      expect(await bot.waitFor(ALICE.id, /的余额：/)).toContain('$18.50');
      bot.say(ALICE, '/codes');
      expect(await bot.waitFor(ALICE.id, /最近的验证码/)).toContain('482913');

      // A chat bound to nothing learns nothing, whatever it asks, and is answered once a minute at most.
      s.clock.advance(61_000);
      const toldBefore = bot.to(STRANGER.id).length;
      const aliceBefore = bot.to(ALICE.id).length;
      for (const ask of ['/balance', '/codes', '/start', '/help']) bot.say(STRANGER, ask);
      bot.say(STRANGER, '/start ZZZZZZZZZZZZ');
      bot.say(ALICE, '/help'); // handled after all of the stranger's: once answered, theirs were read
      const start = Date.now();
      while (bot.to(ALICE.id).length === aliceBefore && Date.now() - start < 20_000) await new Promise((r) => setTimeout(r, 50));
      expect(bot.to(ALICE.id).slice(aliceBefore)).toEqual([expect.stringContaining('可用命令')]);
      await bot.waitFor(STRANGER.id, /尚未绑定/);
      expect(bot.to(STRANGER.id).slice(toldBefore)).toHaveLength(1);
      const toStranger = bot.to(STRANGER.id).join('\n');
      expect(toStranger).not.toMatch(/tg_alice|482913|\$|余额：/);

      // /stop ends it from the chat (what waits for it is dropped: bot-access.test.ts).
      bot.say(ALICE, '/stop');
      await bot.waitFor(ALICE.id, /已解绑/);
      expect((await s.get('/api/telegram/info', c.token)).data.bound).toBe(false);
    } finally {
      await live.close();
    }
  }, 60_000);

  it("a code goes only to the chat of the link's owner, once, and the chat told when it is unbound in the console", async () => {
    const a = await s.addCustomer(sup, 'tg_owner');
    const b = await s.addCustomer(sup, 'tg_other');
    await credit(s, sup, a.id, 10);
    await bind(a.token, ALICE);
    await bind(b.token, STRANGER);
    const goods = await addGoods(s, sup);
    await importLines(s, sup, goods, phones(2, 8613900000000));
    const link = (await buyOk(s, a.token, goods)).tokens[0];
    await deliver(s, link.identifier, 'Your code is 771204');
    await send();
    await send();
    expect(bot.to(ALICE.id).filter((t) => t.includes('771204'))).toHaveLength(1);
    expect(bot.to(STRANGER.id).join()).not.toContain('771204');

    // A customer may choose not to be told of codes; then unbinding from the console.
    expect((await s.post('/api/telegram/events', { events: ['balance_low'] }, a.token)).code).toBe(200);
    const wrong = await s.post('/api/telegram/events', { events: ['stock_low'] }, a.token);
    expect(wrong.code).toBe(400);
    expect((await s.post('/api/telegram/unbind', {}, a.token)).data.bound).toBe(false);
    await send();
    expect(bot.to(ALICE.id).at(-1)).toMatch(/已在控制台解绑/);
  });

  it('low stock is told once per crossing; a silent device and an unmatched transfer are told once', async () => {
    await bind(sup, OPS);
    // The owner's bot screen is what tells the server where the console is (PUBLIC_URL unset).
    expect((await s.get('/api/telegram/bot', sup)).data.console_url).toBe(s.url);
    const goods = await addGoods(s, sup, { title: '库存商品', stock_alert: 3 });
    expect((await s.get(`/api/goods/detail?id=${goods}`, sup)).data.stock_alert).toBe(3);
    await importLines(s, sup, goods, phones(4, 8613700000000));
    const c = await s.addCustomer(sup, 'tg_buyer');
    await credit(s, sup, c.id, 50);
    await watch();
    await send();
    expect(bot.to(OPS.id).join()).not.toContain('库存不足');

    await buyOk(s, c.token, goods, 2); // 2 left, under 3
    await watch();
    await buyOk(s, c.token, goods, 1); // still under: the same crossing
    await watch();
    await send();
    const low = bot.to(OPS.id).filter((t) => t.includes('库存不足'));
    expect(low).toHaveLength(1);
    expect(low[0]).toContain('库存商品');
    expect(low[0]).toContain('/items/goods');

    await importLines(s, sup, goods, phones(5, 8613710000000)); // back above: cleared
    await watch();
    await buyOk(s, c.token, goods, 4); // under again: a new crossing
    await watch();
    await send();
    expect(bot.to(OPS.id).filter((t) => t.includes('库存不足'))).toHaveLength(2);

    // A device that has sent nothing for DEVICE_SILENT_MINUTES.
    await addDevice(s, sup, { name: '三号机' });
    s.clock.advance(s.settings.deviceSilentMs + 60_000);
    await watch();
    await watch();
    await send();
    const silent = bot.to(OPS.id).filter((t) => t.includes('设备失联'));
    expect(silent).toHaveLength(1);
    expect(silent[0]).toContain('三号机');

    // Incoming USDT that paid no order: its amount and where to attach it.
    await unmatchedTransfer(s, 1234);
    await watch();
    await watch();
    await send();
    const transfers = bot.to(OPS.id).filter((t) => t.includes('未匹配转账'));
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toContain('$12.34');
    expect(transfers[0]).toContain('/system/transfer');
    // Customers are not told the sups' alerts.
    expect(bot.sent.filter((m) => m.chat_id !== OPS.id && /库存不足|设备失联|未匹配转账/.test(m.text))).toEqual([]);
  });

  it('an upstream provider under its threshold and a customer endpoint paused are told once, to whom they concern', async () => {
    await bind(sup, OPS);
    const c = await s.addCustomer(sup, 'tg_hooked');
    await bind(c.token, ALICE);
    const added = await s.post(
      '/api/provider/add',
      { name: '上游甲', base_url: 'http://localhost:9/', api_key: 'k', balance_alert: 20 },
      sup,
    );
    expect(added.code, added.message).toBe(200);
    await s.database.db.updateTable('providers').set({ balance: 1550 }).where('id', '=', added.data.id).execute();
    // The webhooks area paused the customer's endpoint after its last try.
    const now = s.clock.now();
    await s.database.db
      .insertInto('webhook_endpoints')
      .values({
        user_id: c.id,
        url: 'https://hooks.example.com/codes',
        enabled: 1,
        secret: 'x',
        secret_hint: 'xxxx',
        paused_at: now,
        last_status: 'failed',
        last_error: 'HTTP 500',
        last_at: now,
        create_at: now,
        update_at: now,
      } as never)
      .execute();
    await watch();
    await watch();
    await send();
    const upstream = bot.to(OPS.id).filter((t) => t.includes('上游余额不足'));
    expect(upstream).toHaveLength(1);
    expect(upstream[0]).toContain('15.50');
    expect(bot.to(OPS.id).filter((t) => t.includes('回调持续失败'))).toEqual([expect.stringContaining('tg_hooked')]);
    expect(bot.to(ALICE.id).filter((t) => t.includes('回调持续失败'))).toEqual([
      expect.stringContaining('https://hooks.example.com/codes'),
    ]);
    expect(bot.to(ALICE.id).join()).not.toContain('上游');
  });

  it('the daily summary goes once a day from 09:00 business time to sups who chose it', async () => {
    await bind(sup, OPS);
    const c = await s.addCustomer(sup, 'tg_daily');
    await bind(c.token, ALICE);
    s.clock.freeze(Date.UTC(2030, 0, 15, 0, 50)); // 08:50 in Shanghai
    await watch();
    await send();
    expect(bot.to(OPS.id).join()).not.toContain('每日汇总');
    s.clock.advance(15 * 60_000); // 09:05
    await watch();
    await watch();
    await send();
    const daily = bot.to(OPS.id).filter((t) => t.includes('每日汇总'));
    expect(daily).toHaveLength(1);
    expect(daily[0]).toContain('2030-01-14');
    expect(daily[0]).toContain('账目差额：$0.00');
    expect(bot.to(ALICE.id).join()).not.toContain('每日汇总');
    s.clock.advance(24 * 3600_000); // the next day
    await watch();
    await send();
    expect(bot.to(OPS.id).filter((t) => t.includes('每日汇总'))).toHaveLength(2);
  });

  it("a customer's low balance is told once under the threshold they set", async () => {
    const c = await s.addCustomer(sup, 'tg_spender');
    await credit(s, sup, c.id, 10);
    await bind(c.token, ALICE);
    const set = await s.post('/api/telegram/events', { events: ['code', 'balance_low'], balance_threshold: 5 }, c.token);
    expect(set.code, set.message).toBe(200);
    expect(set.data).toMatchObject({ balance_threshold: 5, events: ['code', 'balance_low'] });
    await watch();
    const goods = await addGoods(s, sup, { price: 3 });
    await importLines(s, sup, goods, phones(3, 8613600000000));
    await buyOk(s, c.token, goods, 2); // $4 left
    await watch();
    await watch();
    await send();
    const low = bot.to(ALICE.id).filter((t) => t.includes('余额不足'));
    expect(low).toHaveLength(1);
    expect(low[0]).toContain('$4.00');
  });

  it("the sup's bot token: checked with getMe, stored sealed; Telegram unreachable backs off and blocks nothing", async () => {
    const status = await s.get('/api/telegram/bot', sup);
    expect(status.data).toMatchObject({ configured: true, source: 'env' });
    // With the token from the environment, the screen cannot replace it.
    expect((await s.post('/api/telegram/bot', { token: BOT_TOKEN }, sup)).code).toBe(409);

    const other = await s.sibling({ telegramBotToken: undefined });
    const bad = await other.post('/api/telegram/bot', { token: '123456789:AAWrongTokenWrongTokenWrongToken_xyz' }, sup);
    expect(bad.code).toBe(400);
    const saved = await other.post('/api/telegram/bot', { token: BOT_TOKEN }, sup);
    expect(saved.code, saved.message).toBe(200);
    expect(saved.data).toMatchObject({ configured: true, source: 'settings', bot_username: BOT_USERNAME, token_hint: '…ghij' });
    const row = await s.database.db.selectFrom('settings').select('value').where('key', '=', 'telegram').executeTakeFirstOrThrow();
    expect(row.value).not.toContain(BOT_TOKEN.split(':')[1]);
    expect(JSON.stringify(saved.data)).not.toContain(BOT_TOKEN.split(':')[1]);

    // Telegram down: the poll fails quickly and backs off; the API answers meanwhile.
    bot.down = true;
    expect(await poll()).toBe(true);
    const after = await s.get('/api/telegram/bot', sup);
    expect(after.data.failures).toBe(1);
    expect(after.data.last_error).toMatch(/Telegram/);
    expect((await s.get('/api/telegram/info', sup)).code).toBe(200);
    bot.down = false;
    await poll();
    expect((await s.get('/api/telegram/bot', sup)).data.failures).toBe(0);

    // A sup switched into a customer cannot bind the customer's codes to a chat.
    const c = await s.addCustomer(sup, 'tg_switched');
    const switched = (await s.post('/api/user/manager', { id: c.id }, await s.login(SUP.username, SUP.password))).data.token as string;
    const refused = await s.post('/api/telegram/bind', {}, switched);
    expect(refused.code).toBe(403);
    expect(refused.message).toContain('管理员切换');
    expect(await s.database.db.selectFrom('telegram_bind_codes').selectAll().where('user_id', '=', c.id).execute()).toEqual([]);
  });
});
