/**
 * 账户充值 with no way to pay online: the customer is told to contact the shop, and is given the contact
 * details the sup wrote (联系方式, sanitized), not only "请联系客服"; the USDT rules are left out. With
 * methods on: the picker offers them, USDT's rules only beside USDT, the CNY to pay beside 支付宝.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import RechargePage from '../../../src/pages/recharge/RechargePage';
import { authState } from '../../../src/providers/auth-state';
import { useEnvelopeServer } from '../providers/envelope-server';

const options = { enabled: false, min_amount: 10, max_amount: 10_000, expire_minutes: 15, wait_confirm: true, network: 'TRC20' };

function mount() {
  authState.setToken('tok');
  authState.setType('user');
  return render(
    <AntApp>
      <MemoryRouter initialEntries={['/account/recharge']}>
        <RechargePage />
      </MemoryRouter>
    </AntApp>,
  );
}

const server = useEnvelopeServer();
beforeEach(() => {
  server.on('GET /api/usdt/options', { data: options });
  server.on('POST /api/usdt/data', { data: { list: [], total: 0 } });
  server.on('GET /api/pay/options', { data: { methods: [] } });
});
const usdtMethod = { method: 'usdt_trc20', label: 'USDT (TRC20)', min_amount: 10, max_amount: 10_000, rate: 1 };
const alipay = { method: 'alipay', label: '支付宝', min_amount: 1, max_amount: 500, rate: 7.25 };
afterEach(() => authState.clear());

describe('账户充值 with nothing on', () => {
  it('shows the contact details the shop wrote, sanitized', async () => {
    server.on('GET /api/config/index', { data: { content: '<p>客服 Telegram: @shop_help</p><img src=x onerror="window.__hit=1">' } });
    mount();
    expect(await screen.findByText('在线充值暂未开放')).toBeTruthy();
    expect(await screen.findByText('客服 Telegram: @shop_help')).toBeTruthy();
    expect(screen.getByTestId('recharge-contact').querySelector('[onerror]')).toBeNull();
    expect(screen.queryByTestId('recharge-rules')).toBeNull();
  });

  it('still says to contact the shop when it wrote no contact details', async () => {
    server.on('GET /api/config/index', { data: { content: '' } });
    mount();
    expect(await screen.findByText('在线充值暂未开放')).toBeTruthy();
    await waitFor(() => expect(server.calls('GET /api/config/index')).toHaveLength(1));
    expect(screen.getByText('请联系客服充值')).toBeTruthy();
    expect(screen.queryByTestId('recharge-contact')).toBeNull();
  });
});

describe('账户充值 with USDT on', () => {
  it('shows the form and the rules, and does not ask for the contact details', async () => {
    server.on('GET /api/usdt/options', { data: { ...options, enabled: true } });
    server.on('GET /api/pay/options', { data: { methods: [usdtMethod] } });
    mount();
    expect(await screen.findByRole('button', { name: '生成支付订单' })).toBeTruthy();
    expect(screen.getByTestId('recharge-rules')).toBeTruthy();
    expect(server.calls('GET /api/config/index')).toHaveLength(0);
  });
});

describe('账户充值 with 支付宝 and USDT on', () => {
  it('starts on 支付宝 with the CNY to pay and no USDT rules; USDT brings its rules', async () => {
    server.on('GET /api/pay/options', { data: { methods: [alipay, usdtMethod] } });
    mount();
    const go = await screen.findByRole('button', { name: '去支付宝支付' });
    expect(go).toBeTruthy();
    expect(screen.queryByTestId('recharge-rules')).toBeNull();
    fireEvent.click(screen.getByText('$10'));
    // 10 × 7.25 = 72.50
    await waitFor(() => expect(screen.getByTestId('recharge-cny').textContent).toBe('¥72.50'));
    fireEvent.click(screen.getByText('USDT'));
    expect(await screen.findByRole('button', { name: '生成支付订单' })).toBeTruthy();
    expect(screen.getByTestId('recharge-rules').textContent).toContain('TRC20（波场 TRON）');
  });
});
