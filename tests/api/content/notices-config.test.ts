/** Notices (sup CRUD, recent, announcement), contact settings, and script payloads in their HTML. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';

const PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror="alert(1)">',
  '<img src="https://example.com/a.png" onerror=alert(1)>',
  '<a href="javascript:alert(1)">link</a>',
  '<a href="JaVaScRiPt:alert(1)">link</a>',
  '<a href="&#106;avascript:alert(1)">link</a>',
  '<a href=" javascript:alert(1)">link</a>',
  '<iframe src="https://evil.example/"></iframe>',
  '<svg onload="alert(1)"><circle r="1"/></svg>',
  '<div onclick="alert(1)" onmouseover="alert(2)">hover</div>',
  '<p style="background:url(javascript:alert(1))">styled</p>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<base href="javascript:alert(1)//"><meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
];

/** Decodes character references, as a browser does before it looks at an attribute. */
function decode(html: string): string {
  return html
    .replace(/&#x([0-9a-f]+);?/gi, (_, h) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);?/g, (_, d) => String.fromCodePoint(Number(d)))
    .replace(/&colon;/gi, ':')
    .replace(/&tab;/gi, '\t')
    .replace(/&newline;/gi, '\n');
}

/** What could run in a browser: script-capable elements, event handlers, script URLs. */
function executable(html: string): string[] {
  const text = decode(html).replace(/\s+/g, ' ');
  const found: string[] = [];
  if (/<\s*(script|iframe|frame|svg|math|object|embed|form|style|base|meta|link)\b/i.test(text)) found.push('element');
  if (/<[^>]*\son[a-z]+\s*=/i.test(text)) found.push('event handler');
  if (/(java|vb)\s*script\s*:/i.test(text)) found.push('script URL');
  if (/<[^>]*(src|href)\s*=\s*["']?\s*data:/i.test(text)) found.push('data URL');
  return found;
}

describe.each(dbKinds)('notices and contact settings on %s', (kind) => {
  let s: TestServer;
  let supToken: string;
  let customerToken: string;

  const addNotice = async (body: Record<string, unknown>) => {
    const r = await s.post('/api/notice/add', body, supToken);
    expect(r.code, r.message).toBe(200);
    return r.data;
  };

  beforeAll(async () => {
    s = await startServer(kind);
    supToken = await s.login(SUP.username, SUP.password);
    customerToken = (await s.addCustomer(supToken, 'reader')).token;
  });
  afterAll(() => s?.close());

  it('the check used below recognises every payload as executable', () => {
    for (const p of PAYLOADS) expect(executable(p), p).not.toEqual([]);
    expect(executable('<p><strong>安全</strong> <a href="https://t.me/x">tg</a></p>')).toEqual([]);
  });

  describe('notice calls', () => {
    it('notice/detail without an id answers null while there is no popup notice', async () => {
      const r = await s.get('/api/notice/detail', customerToken);
      expect(r.code).toBe(200);
      expect(r.data).toBeNull();
    });

    it('notice/add stores a notice with defaults and answers it', async () => {
      const n = await addNotice({ title: '  系统维护  ', content: '<p>今晚 <strong>维护</strong></p>' });
      expect(n).toMatchObject({ title: '系统维护', content: '<p>今晚 <strong>维护</strong></p>', popup: false, day: 1 });
      expect(n.create_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    });

    it('notice/recent shows any logged-in user the newest ten, newest first', async () => {
      for (let i = 1; i <= 11; i++) await addNotice({ title: `公告 ${i}`, content: `<p>内容 ${i}</p>`, popup: i === 4, day: i });
      const r = await s.get('/api/notice/recent', customerToken);
      expect(r.code).toBe(200);
      expect(r.data.list).toHaveLength(10);
      expect(r.data.list.map((n: Record<string, unknown>) => n.title)).toEqual(Array.from({ length: 10 }, (_, i) => `公告 ${11 - i}`));
      expect(r.data.list[0]).toMatchObject({ content: '<p>内容 11</p>', day: 11, popup: false });
      expect(r.data.list[0].create_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    });

    it('notice/detail without an id gives everyone the newest popup notice; with an id it is for sup', async () => {
      const popup = await s.get('/api/notice/detail', customerToken);
      expect(popup.data).toMatchObject({ title: '公告 4', day: 4, popup: true, content: '<p>内容 4</p>' });
      await addNotice({ title: '新弹窗', content: '<p>new</p>', popup: true, day: 3 });
      expect((await s.get('/api/notice/detail', customerToken)).data).toMatchObject({ title: '新弹窗', day: 3 });

      const one = await s.get(`/api/notice/detail?id=${popup.data.id}`, supToken);
      expect(one.data).toMatchObject({ id: popup.data.id, title: '公告 4' });
      expect((await s.get(`/api/notice/detail?id=${popup.data.id}`, customerToken)).code).toBe(403);
      expect((await s.get('/api/notice/detail?id=999999', supToken)).code).toBe(404);
    });

    it('a notice is for customers unless the sup says otherwise: staff read those for staff or for all', async () => {
      const titles = async (token: string) =>
        (await s.get('/api/notice/recent', token)).data.list.map((n: Record<string, unknown>) => n.title);
      const made = [];
      for (const [title, audience] of [
        ['给客户', undefined],
        ['给员工', 'staff'],
        ['给所有人', 'all'],
      ] as const) {
        const r = await s.post('/api/notice/add', { title, content: `<p>${title}</p>`, ...(audience ? { audience } : {}) }, supToken);
        expect(r.code, r.message).toBe(200);
        made.push(r.data.id);
      }
      expect((await s.get(`/api/notice/detail?id=${made[0]}`, supToken)).data.audience).toBe('customer');
      const customerSees = await titles(customerToken);
      expect(customerSees).toEqual(expect.arrayContaining(['给客户', '给所有人']));
      expect(customerSees).not.toContain('给员工');
      const staffSees = await titles(supToken);
      expect(staffSees).toEqual(expect.arrayContaining(['给员工', '给所有人']));
      expect(staffSees).not.toContain('给客户');
      // A staff popup is not the customers' announcement.
      await s.post('/api/notice/edit', { id: made[1], popup: true }, supToken);
      expect((await s.get('/api/notice/detail', customerToken)).data?.title).not.toBe('给员工');
      expect((await s.get('/api/notice/detail', supToken)).data.title).toBe('给员工');
      expect((await s.post('/api/notice/add', { title: 'x', content: '<p>x</p>', audience: 'everyone' }, supToken)).code).toBe(400);
      expect((await s.post('/api/notice/del', { ids: made }, supToken)).code).toBe(200);
    });

    it('notice/data lists for sup with filters, sort and pages', async () => {
      const all = await s.post('/api/notice/data?page=1&pageSize=5', {}, supToken);
      expect(all.code).toBe(200);
      expect(all.data.total).toBe(13);
      expect(all.data.list).toHaveLength(5);
      expect(all.data.list[0].title).toBe('新弹窗');
      const found = await s.post('/api/notice/data', { title: '公告 1' }, supToken);
      expect(found.data.list.map((n: Record<string, unknown>) => n.title).sort()).toEqual(['公告 1', '公告 10', '公告 11']);
      const popups = await s.post('/api/notice/data', { popup: true }, supToken);
      expect(popups.data.list.map((n: Record<string, unknown>) => n.title)).toEqual(['新弹窗', '公告 4']);
      const oldest = await s.post('/api/notice/data?pageSize=1', { sort: 'id', order: 'asc' }, supToken);
      expect(oldest.data.list[0].title).toBe('系统维护');
    });

    it('notice/edit changes a notice and notice/del removes several', async () => {
      const list = (await s.post('/api/notice/data?pageSize=100', {}, supToken)).data.list;
      const target = list.find((n: Record<string, unknown>) => n.title === '公告 5');
      const edited = await s.post('/api/notice/edit', { id: target.id, title: '公告 五', popup: true }, supToken);
      expect(edited.code).toBe(200);
      expect(edited.data).toMatchObject({ id: target.id, title: '公告 五', popup: true, content: '<p>内容 5</p>' });
      const recentTitles = async () =>
        (await s.get('/api/notice/recent', customerToken)).data.list.map((n: Record<string, unknown>) => n.title);
      expect(await recentTitles()).toContain('公告 五');
      expect(await recentTitles()).not.toContain('公告 5');

      const ids = list.filter((n: { title: string }) => ['公告 1', '公告 3'].includes(n.title)).map((n: Record<string, unknown>) => n.id);
      const before = await s.counts();
      // One id that does not exist: nothing is deleted.
      expect((await s.post('/api/notice/del', { ids: [...ids, 999_999] }, supToken)).code).toBe(404);
      expect(await s.counts()).toEqual(before);
      const del = await s.post('/api/notice/del', { ids }, supToken);
      expect(del.code).toBe(200);
      expect(del.data.deleted).toBe(2);
      expect((await s.counts()).notices).toBe(before.notices - 2);
      const recentIds = (await s.get('/api/notice/recent', customerToken)).data.list.map((n: Record<string, unknown>) => n.id);
      expect(recentIds).toHaveLength(10);
      for (const id of ids) expect(recentIds).not.toContain(id);
      expect((await s.get(`/api/notice/detail?id=${ids[0]}`, supToken)).code).toBe(404);
    });

    it('notice/add refuses content that is empty once sanitized', async () => {
      const before = await s.counts();
      const r = await s.post('/api/notice/add', { title: 't', content: '<script>alert(1)</script>' }, supToken);
      expect(r.code).toBe(400);
      expect(r.data.errors.content).toBeTruthy();
      expect(await s.counts()).toEqual(before);
    });
  });

  describe('contact settings', () => {
    it('config/index is public and config/edit (sup) replaces the content', async () => {
      expect((await s.get('/api/config/index')).data).toEqual({ content: '', register_open: true });
      const html = '<p>客服 Telegram：<a href="https://t.me/support">@support</a></p>';
      const r = await s.post('/api/config/edit', { content: html }, supToken);
      expect(r.code).toBe(200);
      const shown = await s.get('/api/config/index');
      expect(shown.code).toBe(200);
      expect(shown.data.content).toContain('<a href="https://t.me/support"');
      expect(shown.data.content).toContain('rel="noopener noreferrer"');
      expect(shown.data.content).toContain('客服 Telegram');
      expect((await s.get('/api/config/index', customerToken)).data).toEqual(shown.data);
    });
  });

  describe('script payloads', () => {
    it.each(PAYLOADS)('come back from notices without anything executable: %s', async (payload) => {
      const content = `<p>前文</p>${payload}<p>后文</p>`;
      const added = await s.post('/api/notice/add', { title: '安全测试', content, popup: true }, supToken);
      expect(added.code).toBe(200);
      const id = added.data.id;
      const stored = await s.database.db.selectFrom('notices').select('content').where('id', '=', id).executeTakeFirstOrThrow();
      const answers = [
        added.data.content,
        stored.content,
        (await s.get('/api/notice/recent', customerToken)).data.list.find((n: Record<string, unknown>) => n.id === id).content,
        (await s.get('/api/notice/detail', customerToken)).data.content,
        (await s.get(`/api/notice/detail?id=${id}`, supToken)).data.content,
        (await s.post('/api/notice/data', { title: '安全测试' }, supToken)).data.list[0].content,
      ];
      for (const html of answers) {
        expect(executable(html)).toEqual([]);
        expect(html).toContain('<p>前文</p>');
        expect(html).toContain('<p>后文</p>');
      }
      const edited = await s.post('/api/notice/edit', { id, content: `<p>改</p>${payload}` }, supToken);
      expect(executable(edited.data.content)).toEqual([]);
      await s.post('/api/notice/del', { ids: [id] }, supToken);
    });

    it.each(PAYLOADS)('come back from contact settings without anything executable: %s', async (payload) => {
      const saved = await s.post('/api/config/edit', { content: `<p>联系</p>${payload}` }, supToken);
      expect(saved.code).toBe(200);
      const shown = (await s.get('/api/config/index')).data.content;
      for (const html of [saved.data.content, shown]) {
        expect(executable(html)).toEqual([]);
        expect(html).toContain('<p>联系</p>');
      }
    });

    it('HTML already in the database is sanitized again when shown', async () => {
      const now = Date.now();
      const raw = '<p>旧数据</p><img src=x onerror=alert(1)><script>alert(2)</script>';
      await s.database.db
        .insertInto('settings')
        .values({ key: 'contact', value: raw, update_at: now })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: raw, update_at: now }))
        .execute();
      const contact = (await s.get('/api/config/index')).data.content;
      expect(executable(contact)).toEqual([]);
      expect(contact).toContain('<p>旧数据</p>');

      const { id } = await s.database.db
        .insertInto('notices')
        .values({ title: '旧公告', content: raw, popup: 1, day: 1, create_at: now, update_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const recent = (await s.get('/api/notice/recent', customerToken)).data.list.find((n: Record<string, unknown>) => n.id === Number(id));
      const popup = (await s.get('/api/notice/detail', customerToken)).data;
      expect(popup.id).toBe(Number(id));
      for (const html of [recent.content, popup.content]) {
        expect(executable(html)).toEqual([]);
        expect(html).toContain('<p>旧数据</p>');
      }
    });

    it('a notice title is plain text: kept as typed, never interpreted', async () => {
      const title = '<img src=x onerror=alert(1)>';
      const r = await s.post('/api/notice/add', { title, content: '<p>x</p>' }, supToken);
      expect(r.code).toBe(200);
      expect(r.data.title).toBe(title);
    });
  });
});
