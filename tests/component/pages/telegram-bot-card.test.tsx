/**
 * The Telegram card on user/info: the bot's token card (GET/POST /api/telegram/bot, owner-only on the
 * server) is shown to the sup holding every grant, not to other staff nor to customers.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { App as AntApp } from 'antd';
import TelegramCard from '../../../src/pages/user-info/TelegramCard';
import { setRoleSource } from '../../../src/framework/use-role';
import type { Grants } from '../../../src/framework/declaration';
import { useEnvelopeServer } from '../providers/envelope-server';

const server = useEnvelopeServer();
const info = { bound: false, chat_title: null, events: [], balance_threshold: 0, choices: [], configured: true, bot_username: 'codes_bot' };
const status = {
  configured: true,
  source: 'settings',
  bot_username: 'codes_bot',
  token_hint: '…abcd',
  console_url: null,
  last_ok_at: null,
  last_error: null,
  last_error_at: null,
  failures: 0,
};

function mount(type: string, grants: Grants) {
  setRoleSource({ get: () => type, grants: () => grants, subscribe: () => () => undefined });
  server.on('GET /api/telegram/info', { data: info });
  server.on('GET /api/telegram/bot', { data: status });
  return render(
    <AntApp>
      <TelegramCard sup={type === 'sup'} />
    </AntApp>,
  );
}

afterEach(() => setRoleSource({ get: () => null, subscribe: () => () => undefined }));

describe('the Telegram bot card', () => {
  it.each<[string, Grants]>([
    ['an operator', ['catalog', 'intake', 'messages', 'content']],
    ['support', ['users', 'orders', 'messages', 'care']],
  ])('is not shown to %s, nor asked for', async (_who, grants) => {
    mount('sup', grants);
    expect(await screen.findByText('Telegram 通知')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByText('Telegram 机器人（系统设置）')).toBeNull();
    expect(server.requests.map((r) => r.url)).not.toContain('/api/telegram/bot');
  });

  it("is the owner's", async () => {
    mount('sup', '*');
    expect(await screen.findByText('Telegram 机器人（系统设置）')).toBeTruthy();
  });
});
