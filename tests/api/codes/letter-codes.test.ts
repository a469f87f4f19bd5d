/**
 * Codes with letters (`x7k2mq9p`, `mlq-prz-vaw`, `4QF-7XW`) end to end: from a phone's SMS through
 * the webhook and from a message entered by hand to the link's code, as written; a message whose
 * word after "code" is not a code reaches no link; a product's match rules still choose the link.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addGoods, buyOk, credit, importLines } from '../../helpers/commerce.js';
import { addDevice, sendSms } from '../../helpers/intake.js';
import { dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';

const T0 = Date.UTC(2025, 8, 3, 4, 0, 0);

describe.each(dbKinds)('codes with letters on %s', (kind) => {
  let s: TestServer;
  let sup: string;
  let customer: { id: number; token: string };

  beforeAll(async () => {
    s = await startServer(kind, { frozenAt: T0 });
    sup = await s.login(SUP.username, SUP.password);
    customer = await s.addCustomer(sup, 'letters_buyer');
    await credit(s, sup, customer.id, 10);
  });
  afterAll(() => s?.close());

  const textAnswer = async (token: string) => (await fetch(`${s.url}/api/code/${token}?format=text`)).text();
  const newest = async () => (await s.post('/api/message/data', {}, sup)).data.list[0];

  it('a lower-case code in an SMS reaches the link as written; "your code is below" does not', async () => {
    const goods = await addGoods(s, sup, { title: 'X 接码', service: 'tw' });
    await importLines(s, sup, goods, ['+447700900201']);
    const link = (await buyOk(s, customer.token, goods)).tokens[0];
    s.clock.advance(1000);
    const phone = await addDevice(s, sup, { name: '英国卡', sim1: '+447700900201' });

    expect((await sendSms(s, phone, 'X: your confirmation code is below. It expires in 10 minutes.')).status).toBe(200);
    expect(await newest()).toMatchObject({ code: null, matched: false, reason: '未识别到验证码' });
    expect(await textAnswer(link.token)).toBe('STATUS_WAIT_CODE');

    expect((await sendSms(s, phone, 'Twitter: your confirmation code is x7k2mq9p')).status).toBe(200);
    expect((await s.get(`/api/code/${link.token}`)).data).toMatchObject({ code: 'x7k2mq9p' });
    expect(await textAnswer(link.token)).toBe('STATUS_OK:x7k2mq9p');
  });

  it("a product's keyword rule still chooses: a Slack code misses the Notion mailbox, Notion's hyphenated code reaches it", async () => {
    const goods = await addGoods(s, sup, { title: 'Notion 邮箱', channel: 'mail', service: 'ot', match_keyword: 'Notion' });
    await importLines(s, sup, goods, ['letters-box@mail.example.com']);
    const link = (await buyOk(s, customer.token, goods)).tokens[0];
    s.clock.advance(1000);

    const slack = await s.post(
      '/api/message/add',
      {
        recipient: link.identifier,
        sender: 'feedback@slack.com',
        text: 'Your confirmation code is below \u2014 enter it in your open browser window.\n\n4QF-7XW\n',
      },
      sup,
    );
    expect(slack.data).toMatchObject({ code: '4QF-7XW', matched: false, reason: '发件人或内容不符合商品的匹配规则' });

    const notion = await s.post(
      '/api/message/add',
      {
        recipient: link.identifier,
        sender: 'notify@mail.notion.so',
        text: 'Your temporary Notion login code\nHere is your temporary login code:\nmlq-prz-vaw\nOr, sign in with this link: https://www.notion.so/loginwithemail?state=ab12cd',
      },
      sup,
    );
    expect(notion.message).toContain('mlq-prz-vaw');
    expect(notion.data).toMatchObject({ code: 'mlq-prz-vaw', matched: true });
    expect(await textAnswer(link.token)).toBe('STATUS_OK:mlq-prz-vaw');
  });
});
