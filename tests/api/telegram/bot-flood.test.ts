/**
 * One chat cannot hold the others' messages: a chat bound to nothing is answered once a minute
 * whatever it sends, Telegram's 429 for one chat holds only that chat for the wait it asked, and
 * within a chat a code goes before the reply to a command.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dbKinds, type TestServer } from '../../helpers/server.js';
import { addGoods, buyOk, credit, deliver, importLines, phones } from '../../helpers/commerce.js';
import type { FakeBotApi } from './fake-bot-api.js';
import { botJobs, startBotServer, stopBotServer } from './setup.js';

const ALICE = { id: 9001, type: 'private' as const, username: 'alice_tg' };
const BOB = { id: 9002, type: 'private' as const, username: 'bob_tg' };
const STRANGER = { id: 9999, type: 'private' as const, username: 'stranger' };

/** A binding code of the right shape that no one was given. */
const LETTERS = 'ABCDEFGHJKLMNPQR';
const guess = (i: number) => `GUESSGUESS${LETTERS[(i >> 4) & 15]}${LETTERS[i & 15]}`;

describe.each(dbKinds)('Telegram chats wait only for themselves, on %s', (kind) => {
  let bot: FakeBotApi;
  let s: TestServer;
  let sup: string;

  beforeEach(async () => {
    ({ bot, s, sup } = await startBotServer(kind));
  });
  afterEach(() => stopBotServer(s, bot));

  const { poll, send } = botJobs(() => s);

  /** A customer with its chat bound and a number bought: the link a code will come for. */
  async function customerWithLink(username: string, chat: typeof ALICE, phone: number) {
    const c = await s.addCustomer(sup, username);
    await credit(s, sup, c.id, 10);
    const r = await s.post('/api/telegram/bind', {}, c.token);
    expect(r.code, r.message).toBe(200);
    bot.say(chat, `/start ${r.data.code}`);
    await poll();
    await bot.waitFor(chat.id, /已绑定账户/);
    const goods = await addGoods(s, sup);
    await importLines(s, sup, goods, phones(1, phone));
    return { ...c, link: (await buyOk(s, c.token, goods)).tokens[0] };
  }

  const waiting = async (chatId: number) =>
    Number(
      (
        await s.database.db
          .selectFrom('telegram_outbox')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('chat_id', '=', chatId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("an unbound chat writing 100 times is answered once a minute, and its 429 holds no bound customer's code", async () => {
    const c = await customerWithLink('tg_waiting', ALICE, 8613800000000);
    s.clock.freeze(s.clock.now());
    // Telegram paces the stranger's chat: an hour's wait.
    bot.throttle(STRANGER.id, 3600);
    for (let i = 0; i < 100; i++) bot.say(STRANGER, i % 2 ? `/start ${guess(i)}` : `你好 ${i}`);
    await poll();
    await poll();

    await deliver(s, c.link.identifier, 'Your code is 715500');
    await send();
    expect(bot.to(ALICE.id).filter((t) => t.includes('715500'))).toHaveLength(1);
    // All 100 were read; one reply was queued and tried once, then held for Telegram's wait.
    expect(bot.triedTo(STRANGER.id)).toHaveLength(1);
    expect(bot.to(STRANGER.id)).toEqual([]);
    expect(await waiting(STRANGER.id)).toBe(1);

    // More within the minute is read and ignored.
    s.clock.advance(50_000);
    for (let i = 0; i < 10; i++) bot.say(STRANGER, `/balance ${i}`);
    await poll();
    await poll();
    await send();
    expect(await waiting(STRANGER.id)).toBe(1);
    expect(bot.triedTo(STRANGER.id)).toHaveLength(1);

    // Telegram's wait over: the one reply goes, and only it; a minute on, the chat is answered again.
    bot.unthrottle(STRANGER.id);
    s.clock.advance(3600_000);
    await send();
    await send();
    expect(bot.to(STRANGER.id)).toEqual([expect.stringContaining('尚未绑定')]);
    bot.say(STRANGER, '/codes');
    await poll();
    expect(bot.to(STRANGER.id)).toHaveLength(2);
  });

  it("a command's reply and a code waiting for the same chat: the code goes first", async () => {
    const c = await customerWithLink('tg_first', ALICE, 8613810000000);
    s.clock.freeze(s.clock.now());
    bot.throttle(ALICE.id, 30);
    bot.say(ALICE, '/balance');
    await poll();
    await deliver(s, c.link.identifier, 'Your code is 726600');
    await send();
    expect(await waiting(ALICE.id)).toBe(2);

    bot.unthrottle(ALICE.id);
    s.clock.advance(30_000);
    await send();
    const told = bot.to(ALICE.id).filter((t) => /726600|的余额：/.test(t));
    expect(told).toEqual([expect.stringContaining('726600'), expect.stringContaining('的余额：')]);
  });

  it('a 429 for one chat holds only that chat, for the wait Telegram asked', async () => {
    const a = await customerWithLink('tg_held', ALICE, 8613820000000);
    const b = await customerWithLink('tg_free', BOB, 8613830000000);
    s.clock.freeze(s.clock.now());
    bot.throttle(ALICE.id, 30);
    bot.say(ALICE, '/balance');
    bot.say(ALICE, '/codes');
    bot.say(BOB, '/balance');
    await deliver(s, a.link.identifier, 'Your code is 737700');
    await deliver(s, b.link.identifier, 'Your code is 748800');
    await poll();
    await send();

    // Bob's chat went on; Alice's was tried once and then left alone while Telegram asked it to wait.
    expect(bot.to(BOB.id).filter((t) => /748800|的余额：/.test(t))).toHaveLength(2);
    expect(bot.to(ALICE.id).filter((t) => /737700|的余额：|最近的验证码/.test(t))).toEqual([]);
    expect(bot.triedTo(ALICE.id).filter((t) => /737700|的余额：|最近的验证码/.test(t))).toHaveLength(1);
    s.clock.advance(29_000);
    await send();
    expect(bot.triedTo(ALICE.id).filter((t) => /737700|的余额：|最近的验证码/.test(t))).toHaveLength(1);

    bot.unthrottle(ALICE.id);
    s.clock.advance(1_000);
    await send();
    const told = bot.to(ALICE.id).filter((t) => /737700|的余额：|最近的验证码/.test(t));
    expect(told).toEqual([expect.stringContaining('737700'), expect.stringContaining('的余额：'), expect.stringContaining('最近的验证码')]);
  });

  it("a 429 for a second chat in one round is the bot's own limit: the round stops sending there", async () => {
    const a = await customerWithLink('tg_pace_a', ALICE, 8613840000000);
    const b = await customerWithLink('tg_pace_b', BOB, 8613850000000);
    const third = { id: 9003, type: 'private' as const, username: 'carol_tg' };
    const c = await customerWithLink('tg_pace_c', third, 8613860000000);
    s.clock.freeze(s.clock.now());
    bot.throttle(ALICE.id, 1);
    bot.throttle(BOB.id, 1);
    for (const [who, code] of [
      [a, '759900'],
      [b, '761100'],
      [c, '772200'],
    ] as const)
      await deliver(s, who.link.identifier, `Your code is ${code}`);
    await send();
    // Alice's and Bob's were refused: Carol's waits for the next round instead of meeting the same limit.
    const tried = [ALICE.id, BOB.id, third.id].map((id) => bot.triedTo(id).filter((t) => /759900|761100|772200/.test(t)).length);
    expect(tried.filter((n) => n === 1)).toHaveLength(2);
    expect(tried.filter((n) => n === 0)).toHaveLength(1);
    bot.unthrottle(ALICE.id);
    bot.unthrottle(BOB.id);
    s.clock.advance(1_000);
    await send();
    for (const [id, code] of [
      [ALICE.id, '759900'],
      [BOB.id, '761100'],
      [third.id, '772200'],
    ] as const) {
      expect(bot.to(id).filter((t) => t.includes(code))).toHaveLength(1);
    }
  });
});
