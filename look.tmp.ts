// scratch: viewport screenshots for looking (not committed)
import { ADMIN, openBrowser, startServer } from './tests/e2e/harness.js';
const [w, h] = (process.env.VP ?? '375x812').split('x').map(Number);
const role = process.env.ROLE ?? 'sup';
const urls = process.argv.slice(2);
const server = await startServer();
const sup = await server.api.login(ADMIN.username, ADMIN.password);
const cust = await server.api.register('phone_user', 'phone-pass-1');
const found = await server.api.call('POST', '/api/user/data?page=1&pageSize=1', sup, { username: 'phone_user' });
const id = found.data.list[0].id;
for (const [amount, remark] of [[1234.56, '线下转账，备注很长：'.repeat(12)], [-34.56, '人工扣回多充的金额'], [92.5, '@zhangsan 补偿']] as const) {
  await server.api.call('POST', '/api/user/money', sup, { id, amount, remark });
}
if (process.env.NOTICE) await server.api.call('POST', '/api/notice/add', sup, { title: '系统维护通知', content: '<p>今晚维护</p>', popup: true, day: 3 });
const b = await openBrowser({ width: w, height: h });
await b.page.goto(`${server.url}/refresh`);
await b.page.evaluate(([t, ty]) => { localStorage.setItem('token', t); localStorage.setItem('type', ty); }, [role === 'sup' ? sup : cust, role === 'sup' ? 'sup' : 'user']);
let i = 0;
for (const u of urls) {
  const [path, action] = u.split('#');
  await b.page.goto(`${server.url}${path}`);
  await b.page.waitForTimeout(1500);
  if (action) { for (const step of action.split('|')) { await (step.startsWith('@') ? b.page.getByRole('button', { name: step.slice(1) }) : b.page.getByText(step, { exact: true })).first().click(); await b.page.waitForTimeout(700); } }
  await b.page.screenshot({ path: `/tmp/look/${i++}.png` });
}
await b.close(); await server.stop();
