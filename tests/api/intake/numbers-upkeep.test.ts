/**
 * The numbers' upkeep around the records (server/intake/numbers):
 * - numbers about to lapse are told on Telegram to the sups who chose `number_expiring`, once a day
 *   while any remain, with their device and days left, and never to a customer;
 * - migration 027 fills the records from what a database already holds: every phone number in stock
 *   (once, whichever products hold it) with its bound device, and the numbers typed into slots.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addGoods, importLines } from '../../helpers/commerce.js';
import { addDevice } from '../../helpers/intake.js';
import { dbKinds, localTime, SUP, type DbKind, type TestServer } from '../../helpers/server.js';
import { connect } from '../../../server/platform/db/connection.js';
import { runMigrations } from '../../../server/platform/db/migrate.js';
import { migrations } from '../../../server/schema/migrate.js';
import type { FakeBotApi } from '../telegram/fake-bot-api.js';
import { botJobs, startBotServer, stopBotServer } from '../telegram/setup.js';

const OPS = { id: 7102, type: 'private' as const, username: 'ops_numbers' };
const BUYER = { id: 7103, type: 'private' as const, username: 'buyer_numbers' };
const DAY = 86_400_000;

describe.each(dbKinds)('numbers about to lapse, on Telegram, on %s', (kind) => {
  let bot: FakeBotApi;
  let s: TestServer;
  let sup: string;

  beforeEach(async () => {
    ({ bot, s, sup } = await startBotServer(kind));
    s.clock.freeze(Date.UTC(2030, 0, 15, 2, 0)); // 10:00 in Shanghai
    sup = await s.login(SUP.username, SUP.password);
  });
  afterEach(() => stopBotServer(s, bot));

  const { poll, send, watch } = botJobs(() => s);

  async function bind(token: string, chat: typeof OPS) {
    const r = await s.post('/api/telegram/bind', {}, token);
    expect(r.code, r.message).toBe(200);
    bot.say(chat, `/start ${r.data.code}`);
    await poll();
    await bot.waitFor(chat.id, /已绑定账户/);
  }

  it('told once a day while a number lapses within NUMBER_EXPIRY_WARN_DAYS, to the sups who chose it', async () => {
    await bind(sup, OPS);
    // The owner's bot screen is what tells the server where the console is (PUBLIC_URL unset): the alert's link.
    expect((await s.get('/api/telegram/bot', sup)).data.console_url).toBe(s.url);
    const customer = await s.addCustomer(sup, 'numbers_buyer');
    await bind(customer.token, BUYER);
    const goods = await addGoods(s, sup, { title: '保号商品' });
    await importLines(s, sup, goods, ['+8617800000001', '+8617800000002']);
    const phone = await addDevice(s, sup, { name: '保号机' });
    expect((await s.post('/api/device/bind', { id: phone.id, text: '+8617800000001\n+8617800000002' }, sup)).code).toBe(200);
    const rows = (await s.post('/api/device_number/data', {}, sup)).data.list as { id: number; identifier: string }[];
    const soon = rows.find((r) => r.identifier === '+8617800000001')!;
    const later = rows.find((r) => r.identifier === '+8617800000002')!;
    // One lapses in 2 days, the other in 30: only the first is about to.
    const at = (days: number) => localTime(s.clock.now() + days * DAY).slice(0, 19);
    expect((await s.post('/api/device_number/edit', { id: soon.id, expire_at: at(2) }, sup)).code).toBe(200);
    expect((await s.post('/api/device_number/edit', { id: later.id, expire_at: at(30) }, sup)).code).toBe(200);

    await watch();
    await watch();
    await send();
    const told = bot.to(OPS.id).filter((t) => t.includes('号码即将到期'));
    expect(told).toHaveLength(1);
    expect(told[0]).toContain('1 个号码的 SIM 卡将在 7 天内到期');
    expect(told[0]).toContain('+8617800000001（保号机） 剩 2 天');
    expect(told[0]).not.toContain('+8617800000002');
    expect(told[0]).toContain(`${s.url}/system/device/number?sort=expire_at&order=asc`);

    // The next day, told again (one day left); a customer is never told.
    s.clock.advance(DAY);
    await watch();
    await send();
    const again = bot.to(OPS.id).filter((t) => t.includes('号码即将到期'));
    expect(again).toHaveLength(2);
    expect(again[1]).toContain('剩 1 天');
    expect(bot.to(BUYER.id).join()).not.toContain('号码即将到期');

    // Renewed at the carrier: nothing more to tell.
    expect((await s.post('/api/device_number/edit', { id: soon.id, expire_at: at(60) }, sup)).code).toBe(200);
    s.clock.advance(DAY);
    await watch();
    await send();
    expect(bot.to(OPS.id).filter((t) => t.includes('号码即将到期'))).toHaveLength(2);
  });

  it('a sup who did not choose it is not told', async () => {
    await bind(sup, OPS);
    expect((await s.post('/api/telegram/events', { events: ['device_silent'] }, sup)).code).toBe(200);
    const goods = await addGoods(s, sup, { title: '保号商品' });
    await importLines(s, sup, goods, ['+8617800000003']);
    await s.app.jobs.runNow('device-numbers-sync');
    const row = (await s.post('/api/device_number/data', {}, sup)).data.list[0];
    const until = localTime(s.clock.now() + DAY).slice(0, 19);
    expect((await s.post('/api/device_number/edit', { id: row.id, expire_at: until }, sup)).code).toBe(200);
    await watch();
    await send();
    expect(bot.to(OPS.id).join()).not.toContain('号码即将到期');
  });
});

describe.each(dbKinds)('migration 027 on a database with stock, on %s', (kind: DbKind) => {
  it('one record per phone number in stock, with its bound device; a slot number gets its slot', async () => {
    const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
    const dir = kind === 'sqlite' ? fs.mkdtempSync(path.join(os.tmpdir(), 'mig027-')) : '';
    const database =
      kind === 'postgres'
        ? await connect({ databaseUrl: process.env.TEST_DATABASE_URL, dataDir: '', schema })
        : await connect({ dataDir: dir });
    try {
      const all = migrations(database.dialect, { secretKey: 'k'.repeat(64), dataDir: dir || os.tmpdir() });
      const before = Object.fromEntries(Object.entries(all).filter(([name]) => name < '027'));
      await runMigrations(database.db, database.dialect, before);
      const db = database.db;
      const now = Date.UTC(2030, 0, 1);
      const device = (await db
        .insertInto('devices')
        .values({ name: '老设备', key: 'k1', secret_enc: 'x', sim1: '+86 178 0000 0009', sim2: null, enabled: 1, create_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()) as { id: number };
      const goods = async (title: string) =>
        Number(
          (
            await sql<{ id: number }>`insert into goods (title, channel, service, country, price, valid_hours, create_at, update_at)
              values (${title}, 'sms', 'tg', 0, 100, 1, ${now}, ${now}) returning id`.execute(db)
          ).rows[0].id,
        );
      const [a, b] = [await goods('甲'), await goods('乙')];
      const item = (goodsId: number, identifier: string, key: string, deviceId: number | null) =>
        sql`insert into stock_items (goods_id, identifier, ident_key, state, device_id, create_at, update_at)
          values (${goodsId}, ${identifier}, ${key}, 'available', ${deviceId}, ${now}, ${now})`.execute(db);
      await item(a, '+8617800000001', '8617800000001', Number(device.id));
      await item(b, '+8617800000001', '8617800000001', null);
      await item(a, '+8617800000002', '8617800000002', null);
      await item(a, '+8617800000009', '8617800000009', null);
      await item(a, 'box@example.com', 'box@example.com', null);

      await runMigrations(database.db, database.dialect, all);
      const rows = await db
        .selectFrom('device_numbers')
        .select(['ident_key', 'identifier', 'device_id', 'slot', 'state'])
        .orderBy('ident_key')
        .execute();
      expect(rows.map((r) => ({ ...r, device_id: r.device_id === null ? null : Number(r.device_id) }))).toEqual([
        { ident_key: '8617800000001', identifier: '+8617800000001', device_id: Number(device.id), slot: null, state: 'unconfirmed' },
        { ident_key: '8617800000002', identifier: '+8617800000002', device_id: null, slot: null, state: 'unconfirmed' },
        { ident_key: '8617800000009', identifier: '+8617800000009', device_id: Number(device.id), slot: '1', state: 'unconfirmed' },
      ]);
      // The stock of a slot's number is bound to that device, as the record says.
      const bound = await db
        .selectFrom('stock_items')
        .select('device_id')
        .where('ident_key', '=', '8617800000009')
        .executeTakeFirstOrThrow();
      expect(Number(bound.device_id)).toBe(Number(device.id));
    } finally {
      await database.close();
      if (kind === 'postgres') {
        const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await client.end();
      } else {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }
  });
});
