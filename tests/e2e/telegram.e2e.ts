/**
 * The Telegram bot in the browser, against a local Bot API: the sup saves the bot's token on user/info
 * (checked by Telegram first), a customer gets a one-time code with its link and QR, sends /start in
 * the chat, and the card shows the bound chat and what it is told; 解绑 ends it. At 1280 and 375 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BOT_TOKEN, BOT_USERNAME, FakeBotApi } from '../api/telegram/fake-bot-api';
import { settle, shot, useServer, useToken, withBrowser } from './harness';

const bot = new FakeBotApi();
// Before the server starts (useServer's own beforeAll comes after this one): where its Bot API is.
beforeAll(async () => {
  await bot.start();
  process.env.TELEGRAM_API_ROOT = bot.url;
  process.env.TELEGRAM_POLL_SECONDS = '1';
});
afterAll(async () => {
  await bot.close();
});
const server = useServer();

async function bindThroughCard(page: Page, chat: { id: number; type: 'private'; username: string }, name: string) {
  await page.goto(`${server.url}/user/info`);
  const card = page.getByTestId('telegram-card');
  await card.getByRole('button', { name: /绑定 Telegram/ }).click();
  const shown = card.getByTestId('telegram-code');
  await shown.waitFor();
  const text = await shown.innerText();
  const code = /\/start ([A-Z2-9]{12})/.exec(text)?.[1];
  expect(code).toBeTruthy();
  const href = await shown.getByRole('link', { name: '打开机器人' }).getAttribute('href');
  expect(href).toBe(`https://t.me/${BOT_USERNAME}?start=${code}`);
  expect(await shown.locator('canvas, svg').count()).toBeGreaterThan(0); // the QR
  await settle(page);
  await shot(page, `${name}-code`);
  bot.say(chat, `/start ${code}`);
  await expect.poll(() => card.innerText(), { timeout: 30_000 }).toContain(`@${chat.username}`);
  await bot.waitFor(chat.id, /已绑定账户/);
}

describe('Telegram in the browser', () => {
  it('1280 px: the sup saves the bot token (a wrong one refused), then binds a chat', async () => {
    await withBrowser({ width: 1280, height: 900 }, async (page) => {
      await useToken(page, server.url, server.supToken, 'sup');
      await page.goto(`${server.url}/user/info`);
      const botCard = page.getByTestId('telegram-bot-card');
      await expect.poll(() => botCard.innerText()).toContain('未配置');
      // No bot yet: nothing to bind, so no binding card.
      expect(await page.getByTestId('telegram-card').count()).toBe(0);

      const input = botCard.getByPlaceholder('123456789:AA...');
      await input.fill('123456789:AAWrongTokenWrongTokenWrongToken_xyz');
      await botCard.getByRole('button', { name: /保\s*存/ }).click();
      await expect.poll(() => page.locator('.ant-message').innerText()).toContain('Telegram 不认这个令牌');
      await input.fill(BOT_TOKEN);
      await botCard.getByRole('button', { name: /保\s*存/ }).click();
      await expect.poll(() => botCard.getByTestId('telegram-bot-name').innerText()).toBe(`@${BOT_USERNAME}`);
      expect(await botCard.innerText()).not.toContain(BOT_TOKEN);
      await settle(page);
      await shot(page, 'telegram-1280-sup-bot');

      await bindThroughCard(page, { id: 5001, type: 'private', username: 'ops_person' }, 'telegram-1280-sup');
      const card = page.getByTestId('telegram-card');
      for (const label of ['设备失联', '库存不足', '上游余额不足', '未匹配转账', '每日汇总'])
        expect(await card.innerText()).toContain(label);
      await settle(page);
      await shot(page, 'telegram-1280-sup-bound');
    });
  }, 120_000);

  it('375 px: a customer binds, chooses a balance reminder, asks /balance, and unbinds', async () => {
    const token = await server.api.register('tg_phone_user', 'phone-pass-123');
    await withBrowser({ width: 375, height: 812 }, async (page) => {
      await useToken(page, server.url, token, 'user');
      await bindThroughCard(page, { id: 5002, type: 'private', username: 'phone_person' }, 'telegram-375-customer');
      const card = page.getByTestId('telegram-card');
      expect(await card.innerText()).toContain('验证码到达');
      // Nothing wider than the phone's screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

      await card.locator('#tg-threshold').fill('5');
      await card.getByRole('button', { name: /保存通知设置/ }).click();
      await expect.poll(async () => (await server.api.call('GET', '/api/telegram/info', token)).data.balance_threshold).toBe(5);
      await settle(page);
      await shot(page, 'telegram-375-customer-bound');

      bot.say({ id: 5002, type: 'private', username: 'phone_person' }, '/balance');
      expect(await bot.waitFor(5002, /的余额：/)).toContain('tg_phone_user');

      await card.getByRole('button', { name: /解\s*绑/ }).click();
      await page
        .locator('.ant-modal-confirm')
        .getByRole('button', { name: /解\s*绑/ })
        .click();
      await expect.poll(() => card.innerText()).toContain('绑定 Telegram');
      await bot.waitFor(5002, /已在控制台解绑/);
      await settle(page);
      await shot(page, 'telegram-375-customer-unbound');
    });
  }, 120_000);
});
