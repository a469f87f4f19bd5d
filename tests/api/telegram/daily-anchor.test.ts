/**
 * The daily summary carries the audit chain's anchor (the last row's id and hash, and the count): kept
 * in the sups' chats, outside the database, and accepted by `npm run audit -- verify --anchor`.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditCommand } from '../../../server/audit/cli.js';
import { credit } from '../../helpers/commerce.js';
import { dbKinds, type TestServer } from '../../helpers/server.js';
import type { FakeBotApi } from './fake-bot-api.js';
import { botJobs, startBotServer, stopBotServer } from './setup.js';

const OPS = { id: 7102, type: 'private' as const, username: 'ops_anchor' };

describe.each(dbKinds)("the daily summary's audit anchor on %s", (kind) => {
  let bot: FakeBotApi;
  let s: TestServer;
  let sup: string;

  beforeEach(async () => {
    ({ bot, s, sup } = await startBotServer(kind));
  });
  afterEach(() => stopBotServer(s, bot));

  const { poll, send, watch } = botJobs(() => s);

  it("names the chain's head, which verify accepts", async () => {
    const bound = await s.post('/api/telegram/bind', {}, sup);
    expect(bound.code, bound.message).toBe(200);
    bot.say(OPS, `/start ${bound.data.code}`);
    await poll();
    await bot.waitFor(OPS.id, /已绑定账户/);
    const c = await s.addCustomer(sup, 'anchor_daily');
    await credit(s, sup, c.id, 9);

    s.clock.freeze(Date.UTC(2030, 0, 15, 1, 5)); // 09:05 in Shanghai
    await watch();
    await send();
    const daily = bot.to(OPS.id).filter((t) => t.includes('每日汇总'));
    expect(daily).toHaveLength(1);
    const m = /审计链锚点：(\d+):([0-9a-f]{64})（共 (\d+) 行/.exec(daily[0]);
    expect(m, daily[0]).not.toBeNull();
    const rows = await s.database.db.selectFrom('audit').select(['id', 'hash']).where('id', '<=', Number(m![1])).orderBy('id').execute();
    expect(rows.at(-1)).toEqual({ id: Number(m![1]), hash: m![2] });
    expect(rows).toHaveLength(Number(m![3]));
    expect((await auditCommand(['verify', '--anchor', `${m![1]}:${m![2]}`], s.database)).code).toBe(0);
  });
});
