/**
 * 账户充值 with USDT top-ups off: the customer is told to contact the shop, and is given the contact
 * details the sup wrote (联系方式, sanitized), not only "请联系客服"; the USDT rules are left out.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import RechargePage from '../../../src/pages/recharge/RechargePage';
import { authState } from '../../../src/providers/auth-state';
import { useEnvelopeServer } from '../providers/envelope-server';

const options = { enabled: false, min_amount: 10, max_amount: 10_000, expire_minutes: 15, wait_confirm: true, network: 'TRC20' };

function mount() {
  authState.setToken('tok');
  authState.setType('user');
  return render(<AntApp><MemoryRouter initialEntries={['/account/recharge']}><RechargePage /></MemoryRouter></AntApp>);
}

const server = useEnvelopeServer();
beforeEach(() => {
  server.on('GET /api/usdt/options', { data: options });
  server.on('POST /api/usdt/data', { data: { list: [], total: 0 } });
});
afterEach(() => authState.clear());

describe('账户充值 with USDT off', () => {
  it('shows the contact details the shop wrote, sanitized', async () => {
    server.on('GET /api/config/index', { data: { content: '<p>客服 Telegram: @shop_help</p><img src=x onerror="window.__hit=1">' } });
    mount();
    expect(await screen.findByText('USDT 充值暂未开放')).toBeTruthy();
    expect(await screen.findByText('客服 Telegram: @shop_help')).toBeTruthy();
    expect(screen.getByTestId('recharge-contact').querySelector('[onerror]')).toBeNull();
    expect(screen.queryByTestId('recharge-rules')).toBeNull();
  });

  it('still says to contact the shop when it wrote no contact details', async () => {
    server.on('GET /api/config/index', { data: { content: '' } });
    mount();
    expect(await screen.findByText('USDT 充值暂未开放')).toBeTruthy();
    await waitFor(() => expect(server.calls('GET /api/config/index')).toHaveLength(1));
    expect(screen.getByText('请联系客服充值')).toBeTruthy();
    expect(screen.queryByTestId('recharge-contact')).toBeNull();
  });
});

describe('账户充值 with USDT on', () => {
  it('shows the form and the rules, and does not ask for the contact details', async () => {
    server.on('GET /api/usdt/options', { data: { ...options, enabled: true } });
    mount();
    expect(await screen.findByRole('button', { name: '生成支付订单' })).toBeTruthy();
    expect(screen.getByTestId('recharge-rules')).toBeTruthy();
    expect(server.calls('GET /api/config/index')).toHaveLength(0);
  });
});
