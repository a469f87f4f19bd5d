/** What the sup sets up: groups, users' groups, discounts, products and their stock. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinese, dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';
import { addGoods, buyOk, credit, importLines, phones } from '../../helpers/commerce.js';

describe.each(dbKinds)('groups, discounts, products and stock on %s', (kind) => {
  let s: TestServer;
  let sup: string;
  const db = () => s.database.db;
  const defaultGroup = async () => (await s.post('/api/group/data', {}, sup)).data.list.find((g: Record<string, unknown>) => g.is_default);

  beforeAll(async () => {
    s = await startServer(kind);
    sup = await s.login(SUP.username, SUP.password);
  });
  afterAll(() => s?.close());

  describe('groups', () => {
    it('a default group (rate 1.00) exists from the start, and new users join it', async () => {
      const fallback = await defaultGroup();
      expect(fallback).toMatchObject({ name: '默认分组', rate: 1, is_default: true });
      const added = await s.addCustomer(sup, 'grp_added');
      expect((await s.get(`/api/user/detail?id=${added.id}`, sup)).data).toMatchObject({
        group_id: fallback.id,
        group_id_label: '默认分组',
      });
      const registered = await s.post('/api/user/register', { username: 'grp_registered', password: 'password-1' });
      expect(registered.code).toBe(200);
      const row = await db().selectFrom('users').select('group_id').where('username', '=', 'grp_registered').executeTakeFirstOrThrow();
      expect(Number(row.group_id)).toBe(fallback.id);
    });

    it('exactly one default: naming a new one moves it; the default cannot be unset, nor deleted', async () => {
      const old = await defaultGroup();
      const vip = await s.post('/api/group/add', { name: '金牌', rate: 0.85, is_default: true, sort: 1 }, sup);
      expect(vip.code).toBe(200);
      expect(vip.data).toMatchObject({ rate: 0.85, is_default: true, user_count: 0 });
      const list = (await s.post('/api/group/data', {}, sup)).data.list;
      expect(list.filter((g: Record<string, unknown>) => g.is_default).map((g: Record<string, unknown>) => g.id)).toEqual([vip.data.id]);
      // Users created now join the new default.
      const later = await s.addCustomer(sup, 'grp_later');
      expect((await s.get(`/api/user/detail?id=${later.id}`, sup)).data.group_id).toBe(vip.data.id);

      const unset = await s.post('/api/group/edit', { id: vip.data.id, is_default: false }, sup);
      expect(unset.code).toBe(409);
      expect(chinese(unset.message)).toBe(true);
      const del = await s.post('/api/group/del', { ids: [vip.data.id] }, sup);
      expect(del.code).toBe(409);
      expect(del.message).toContain('默认分组');
      // Back to the first default for the rest of the file.
      expect((await s.post('/api/group/edit', { id: old.id, is_default: true }, sup)).code).toBe(200);
      expect((await defaultGroup()).id).toBe(old.id);
    });

    it('a group with users cannot be deleted: 409 naming how many; an empty one can', async () => {
      const g = (await s.post('/api/group/add', { name: '白银', rate: 0.95 }, sup)).data;
      const a = await s.addCustomer(sup, 'grp_a');
      const b = await s.addCustomer(sup, 'grp_b');
      for (const u of [a, b]) expect((await s.post('/api/user/edit', { id: u.id, group_id: g.id }, sup)).code).toBe(200);
      expect((await s.post('/api/group/data', { name: '白银' }, sup)).data.list[0].user_count).toBe(2);
      const before = await s.snapshot();
      const refused = await s.post('/api/group/del', { ids: [g.id] }, sup);
      expect(refused.code).toBe(409);
      expect(refused.message).toContain('2 个用户');
      expect(await s.snapshot()).toBe(before);
      // The user list shows and filters by group.
      const members = await s.post('/api/user/data', { group_id: g.id }, sup);
      expect(members.data.list.map((u: Record<string, unknown>) => u.username).sort()).toEqual(['grp_a', 'grp_b']);
      expect(members.data.list[0].group_id_label).toBe('白银');
      // A group that does not exist is refused; clearing the group puts the user back in the default.
      expect((await s.post('/api/user/edit', { id: a.id, group_id: 999_999 }, sup)).code).toBe(400);
      expect((await s.post('/api/user/edit', { id: a.id, group_id: null }, sup)).data.group_id).toBe((await defaultGroup()).id);
      expect((await s.post('/api/user/edit', { id: b.id, group_id: '' }, sup)).code).toBe(200);
      expect((await s.post('/api/group/del', { ids: [g.id] }, sup)).code).toBe(200);
    });

    it('names are unique; rates are 0.01 to 1.00 with two decimals', async () => {
      expect((await s.post('/api/group/add', { name: '默认分组', rate: 0.5 }, sup)).data.errors).toEqual({ name: '分组名称已存在' });
      for (const rate of [0, 1.01, 0.005, 'x']) expect((await s.post('/api/group/add', { name: `r${rate}`, rate }, sup)).code).toBe(400);
      expect((await s.post('/api/group/add', { name: '一分', rate: 0.01 }, sup)).data.rate).toBe(0.01);
    });
  });

  describe('discounts', () => {
    let user: { id: number; token: string };
    let goods: number;
    beforeAll(async () => {
      user = await s.addCustomer(sup, 'disc_user');
      goods = await addGoods(s, sup, { title: '折扣商品' });
    });

    it('a rate or a fixed price, exactly one; a fixed price needs a product; the window may not end before it starts', async () => {
      const both = await s.post('/api/discount/add', { user_id: user.id, goods_id: goods, rate: 0.5, price: 1 }, sup);
      expect(both.code).toBe(400);
      expect(both.data.errors.price).toBeTruthy();
      const neither = await s.post('/api/discount/add', { user_id: user.id }, sup);
      expect(neither.data.errors.rate).toBeTruthy();
      const priceEverywhere = await s.post('/api/discount/add', { user_id: user.id, price: 1 }, sup);
      expect(priceEverywhere.data.errors.price).toContain('指定商品');
      const backwards = await s.post(
        '/api/discount/add',
        { user_id: user.id, rate: 0.5, start_at: '2030-02-01 00:00:00', end_at: '2030-01-01 00:00:00' },
        sup,
      );
      expect(backwards.data.errors.end_at).toBeTruthy();
      expect((await s.post('/api/discount/add', { user_id: 999_999, rate: 0.5 }, sup)).data.errors.user_id).toBe('用户不存在');
      expect((await s.post('/api/discount/add', { user_id: user.id, goods_id: 999_999, rate: 0.5 }, sup)).data.errors.goods_id).toBe(
        '商品不存在',
      );
    });

    it('stored and shown with user and product names; an edit switches rate for price', async () => {
      const d = await s.post(
        '/api/discount/add',
        { user_id: user.id, goods_id: goods, rate: 0.8, end_at: '2030-01-01 00:00:00', remark: '老客户' },
        sup,
      );
      expect(d.code, d.message).toBe(200);
      expect(d.data).toMatchObject({
        user_id_label: 'disc_user',
        goods_id_label: '折扣商品',
        rate: 0.8,
        price: null,
        end_at: '2030-01-01 00:00:00',
      });
      const switched = await s.post('/api/discount/edit', { id: d.data.id, rate: null, price: 0.99 }, sup);
      expect(switched.data).toMatchObject({ rate: null, price: 0.99 });
      expect((await s.post('/api/discount/edit', { id: d.data.id, rate: 0.5 }, sup)).code).toBe(400);
      expect((await s.post('/api/discount/data', { user_id: user.id }, sup)).data.total).toBe(1);
    });
  });

  describe('products', () => {
    it('the sup sees every field with stock and sold; a customer sees the names but no price, rules or counts', async () => {
      const id = await addGoods(s, sup, { title: '字段商品', match_sender: 'Telegram', match_keyword: 'code|验证码' });
      const customer = await s.addCustomer(sup, 'goods_reader');
      const asSup = (await s.get(`/api/goods/detail?id=${id}`, sup)).data;
      expect(asSup).toMatchObject({
        title: '字段商品',
        price: 1.5,
        stock: 0,
        sold: 0,
        source: 'stock',
        on_sale: true,
        match_sender: 'Telegram',
      });
      const asCustomer = (await s.get(`/api/goods/detail?id=${id}`, customer.token)).data;
      expect(asCustomer.title).toBe('字段商品');
      for (const hidden of ['price', 'match_sender', 'match_keyword', 'stock', 'sold', 'source', 'on_sale'])
        expect(asCustomer).not.toHaveProperty(hidden);
      expect(
        (await s.post('/api/goods/add', { title: 'x', channel: 'sms', service: 'tg', price: 1, valid_hours: 1 }, customer.token)).code,
      ).toBe(403);
      expect((await s.post('/api/goods/data', { on_sale: true }, customer.token)).code).toBe(400);
    });

    it('quantity bounds must make sense; the description is stored sanitized', async () => {
      const bad = await s.post(
        '/api/goods/add',
        { title: 'q', channel: 'sms', service: 'tg', price: 1, valid_hours: 1, min_qty: 5, max_qty: 2 },
        sup,
      );
      expect(bad.data.errors.min_qty).toBeTruthy();
      const id = await addGoods(s, sup, { title: 'html', description: '<p>好<script>alert(1)</script></p>' });
      expect((await s.get(`/api/goods/detail?id=${id}`, sup)).data.description).toBe('<p>好</p>');
      expect((await s.post('/api/goods/edit', { id, min_qty: 101 }, sup)).code).toBe(400);
    });

    it('a rentable product is an SMS product from stock with an hourly price and hours that exist; nothing saved otherwise', async () => {
      const base = { title: '租用', channel: 'sms', service: 'tg', price: 1, valid_hours: 1 };
      const refused = async (body: Record<string, unknown>, field: string) => {
        const r = await s.post('/api/goods/add', { ...base, ...body }, sup);
        expect(r.code, JSON.stringify(body)).toBe(400);
        expect(r.data.errors[field], JSON.stringify(r.data)).toBeTruthy();
      };
      const before = (await db().selectFrom('goods').select(db().fn.countAll().as('n')).executeTakeFirstOrThrow()).n;
      await refused({ rentable: true }, 'rent_price_hour');
      await refused({ rentable: true, rent_price_hour: 0.5, rent_min_hours: 48, rent_max_hours: 24 }, 'rent_min_hours');
      await refused({ rentable: true, rent_price_hour: 0.5, channel: 'mail' }, 'rentable');
      expect((await db().selectFrom('goods').select(db().fn.countAll().as('n')).executeTakeFirstOrThrow()).n).toEqual(before);

      const id = await addGoods(s, sup, { title: '可租用', rentable: true, rent_price_hour: 0.5, rent_min_hours: 4, rent_max_hours: 48 });
      // An edit is judged with what it leaves.
      expect((await s.post('/api/goods/edit', { id, rent_min_hours: 72 }, sup)).data.errors.rent_min_hours).toBe(
        '最短租期不能大于最长租期',
      );
      expect((await s.post('/api/goods/edit', { id, rent_price_hour: 0 }, sup)).code).toBe(400);
      expect((await s.post('/api/goods/edit', { id, rentable: false, rent_price_hour: 0 }, sup)).code).toBe(200);
    });

    it('deleting a product that has sold is refused (409); an unsold one goes with its stock and discounts', async () => {
      const sold = await addGoods(s, sup, { title: '已售商品' });
      await importLines(s, sup, sold, phones(2, 8617000000000));
      const buyer = await s.addCustomer(sup, 'goods_buyer');
      await credit(s, sup, buyer.id, 5);
      await buyOk(s, buyer.token, sold);
      const before = await s.snapshot();
      const refused = await s.post('/api/goods/del', { ids: [sold] }, sup);
      expect(refused.code).toBe(409);
      expect(refused.message).toContain('下架');
      expect(await s.snapshot()).toBe(before);
      expect((await s.post('/api/goods/edit', { id: sold, on_sale: false }, sup)).data.on_sale).toBe(false);
      expect((await s.post('/api/store/data', {})).data.list.map((g: Record<string, unknown>) => g.id)).not.toContain(sold);

      const unsold = await addGoods(s, sup, { title: '未售商品' });
      await importLines(s, sup, unsold, phones(3, 8617100000000));
      await s.post('/api/discount/add', { user_id: buyer.id, goods_id: unsold, rate: 0.5 }, sup);
      expect((await s.post('/api/goods/del', { ids: [unsold] }, sup)).code).toBe(200);
      expect(await db().selectFrom('stock_items').select('id').where('goods_id', '=', unsold).execute()).toEqual([]);
      expect(await db().selectFrom('discounts').select('id').where('goods_id', '=', unsold).execute()).toEqual([]);
    });
  });

  describe('stock', () => {
    let goods: number;
    let mail: number;
    beforeAll(async () => {
      goods = await addGoods(s, sup, { title: '库存商品' });
      mail = await addGoods(s, sup, { title: '邮箱商品', channel: 'mail', service: 'go' });
    });

    it('a batch with bad lines: 400 naming every bad line and why, nothing written', async () => {
      const before = await s.snapshot();
      const text = ['8613811111111', 'not-a-phone', '', '+8613822222222----密码123', '12', '8613811111111', '86138333----'].join('\r\n');
      const r = await s.post('/api/stock/import', { goods_id: goods, text }, sup);
      expect(r.code).toBe(400);
      expect(chinese(r.message)).toBe(true);
      expect(r.data.errors.map((e: Record<string, unknown>) => e.line)).toEqual([2, 5, 6]);
      expect(r.data.errors[0].message).toContain('号码格式不正确');
      expect(r.data.errors[2].message).toBe('与第 1 行重复');
      expect(await s.snapshot()).toBe(before);
    });

    it('adds new lines, updates unsold ones, skips sold ones, and counts each', async () => {
      const first = await importLines(s, sup, goods, ['8613811111111', '+8613822222222----密码123', '8613833333333']);
      expect(first).toEqual({ added: 3, updated: 0, skipped: 0, shared: { count: 0, numbers: [], products: [] }, bad: [] });
      expect((await s.get(`/api/goods/detail?id=${goods}`, sup)).data.stock).toBe(3);
      const buyer = await s.addCustomer(sup, 'stock_buyer');
      await credit(s, sup, buyer.id, 10);
      const bought = await buyOk(s, buyer.token, goods);
      expect(bought.tokens[0].identifier).toBe('8613811111111');
      // The same number with or without "+" is the same item.
      const again = await importLines(s, sup, goods, ['+8613811111111----新', '8613822222222----新密码', '8613844444444']);
      expect(again).toEqual({ added: 1, updated: 1, skipped: 1, shared: { count: 0, numbers: [], products: [] }, bad: [] });
      const items = (await s.post('/api/stock/data', { goods_id: goods, sort: 'id', order: 'asc' }, sup)).data.list;
      expect(items.map((i: Record<string, unknown>) => [i.identifier, i.extra, i.state])).toEqual([
        ['8613811111111', null, 'sold'],
        ['8613822222222', '新密码', 'available'],
        ['8613833333333', null, 'available'],
        ['8613844444444', null, 'available'],
      ]);
      expect(items[0].token_id).toBe(bought.tokens[0].id);
      expect((await s.get(`/api/goods/detail?id=${goods}`, sup)).data).toMatchObject({ stock: 3, sold: 1 });
    });

    it('extra never reaches a customer', async () => {
      const buyer = await s.addCustomer(sup, 'extra_buyer');
      await credit(s, sup, buyer.id, 10);
      const bought = await buyOk(s, buyer.token, goods, 2);
      const everything = JSON.stringify([
        bought,
        (await s.post('/api/token/data', {}, buyer.token)).data,
        (await s.post('/api/order/data', {}, buyer.token)).data,
        (await s.get(`/api/token/detail?id=${bought.tokens[0].id}`, buyer.token)).data,
        (await s.post('/api/store/data', {}, buyer.token)).data,
        (await s.call('GET', `/api/code/${bought.tokens[0].token}`)).data,
      ]);
      expect(everything).toContain('8613822222222');
      expect(everything).not.toContain('新密码');
      expect((await s.post('/api/stock/data', {}, buyer.token)).code).toBe(403);
    });

    it('mail products take addresses (matched in lower case); upstream products take no stock', async () => {
      const bad = await s.post('/api/stock/import', { goods_id: mail, text: 'user@example.com\n8613800000000' }, sup);
      expect(bad.data.errors).toEqual([{ line: 2, text: '8613800000000', message: expect.stringContaining('邮箱格式不正确') }]);
      expect(await importLines(s, sup, mail, ['User@Example.com----pw', 'other@example.com'])).toEqual({
        added: 2,
        updated: 0,
        skipped: 0,
        shared: { count: 0, numbers: [], products: [] },
        bad: [],
      });
      expect(await importLines(s, sup, mail, ['user@example.COM'])).toEqual({
        added: 0,
        updated: 1,
        skipped: 0,
        shared: { count: 0, numbers: [], products: [] },
        bad: [],
      });
      const upstream = await addGoods(s, sup, { title: '上游', source: 'upstream' });
      const r = await s.post('/api/stock/import', { goods_id: upstream, text: '8613800000000' }, sup);
      expect(r.code).toBe(400);
      expect(r.message).toContain('上游');
    });

    it('50,000 lines in one import', async () => {
      const big = await addGoods(s, sup, { title: '大批量' });
      const lines = phones(50_000, 8619000000000).map((p, i) => (i % 2 ? `${p}----附加${i}` : p));
      const r = await s.post('/api/stock/import', { goods_id: big, text: lines.join('\n') }, sup);
      expect(r.code, r.message).toBe(200);
      expect(r.data).toEqual({ added: 50_000, updated: 0, skipped: 0, shared: { count: 0, numbers: [], products: [] }, bad: [] });
      expect((await s.get(`/api/goods/detail?id=${big}`, sup)).data.stock).toBe(50_000);
      const over = await s.post('/api/stock/import', { goods_id: big, text: phones(50_001, 8618000000000).join('\n') }, sup);
      expect(over.code).toBe(400);
      expect(over.message).toContain('50000');
    });

    it("disable and enable move items and the product's available count; sold items stay sold; deleting a sold item is refused", async () => {
      const ids = (await s.post('/api/stock/data', { goods_id: goods, sort: 'id', order: 'asc' }, sup)).data.list.map(
        (i: Record<string, unknown>) => i.id,
      );
      const stockNow = async () => (await s.get(`/api/goods/detail?id=${goods}`, sup)).data.stock;
      const before = await stockNow();
      const off = await s.post('/api/stock/disable', { ids }, sup);
      expect(off.data).toEqual({ changed: 1, skipped: ids.length - 1 });
      expect(await stockNow()).toBe(before - 1);
      expect((await s.post('/api/stock/enable', { ids }, sup)).data.changed).toBe(1);
      expect(await stockNow()).toBe(before);
      const sold = await s.post('/api/stock/del', { ids: [ids[0]] }, sup);
      expect(sold.code).toBe(409);
      const available = (await s.post('/api/stock/data', { goods_id: goods, state: 'available' }, sup)).data.list[0].id;
      expect((await s.post('/api/stock/del', { ids: [available] }, sup)).code).toBe(200);
      expect(await stockNow()).toBe(before - 1);
    });
  });
});
