/**
 * A customer who has bought nothing yet sees the way to a first code (1. 充值 → 2. 去商城 → 3. 我的API)
 * instead of eight cards of zeros; once they have bought anything, the figures. A sup's home keeps its
 * figures however empty the platform is.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Refine } from '@refinedev/core';
import { App as AntApp } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import HomePage from '../../../src/pages/home/HomePage';
import { authState } from '../../../src/providers/auth-state';
import { createDataProvider } from '../../../src/providers/data-provider';
import { useEnvelopeServer } from '../providers/envelope-server';

const zero = {
  todayOrder: 0,
  monthOrder: 0,
  totalOrder: 0,
  todayRecharge: 0,
  todayRechargeAuto: 0,
  monthRecharge: 0,
  monthRechargeAuto: 0,
  totalRecharge: 0,
  todayTokenNum: 0,
  tokenNum: 0,
};
const newUser = {
  id: 3,
  username: 'newbie',
  type: 'user',
  balance: 0,
  email: null,
  tg: null,
  create_at: '2025-03-01 10:00:00',
  login_at: '2025-03-01 10:00:00',
  login_count: 1,
  login_ip: '10.0.0.9',
};

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

function mount(type: string) {
  authState.setToken('tok');
  authState.setType(type);
  return render(
    <AntApp>
      <MemoryRouter initialEntries={['/home']}>
        <Refine
          dataProvider={createDataProvider((n) => n)}
          options={{ disableTelemetry: true, reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } } }}
        >
          <Routes>
            <Route path="/home" element={<HomePage />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </Refine>
      </MemoryRouter>
    </AntApp>,
  );
}

const server = useEnvelopeServer();
beforeEach(() => {
  server.on('GET /api/config/index', { data: { content: '' } });
  server.on('GET /api/notice/recent', { data: { list: [] } });
  server.on('GET /api/user/base', { data: newUser });
});
afterEach(() => authState.clear());

const guide = () => screen.getByTestId('first-steps');
const stepTitles = () => [...guide().querySelectorAll('.ant-steps-item-title')].map((t) => t.textContent);

describe("a new customer's home", () => {
  it('shows the three steps instead of zero figures; 充值 opens the top-up screen', async () => {
    server.on('GET /api/statistics/index', { data: zero });
    mount('user');
    await waitFor(() => expect(stepTitles()).toEqual(['充值', '去商城', '查看验证码']));
    expect(guide().textContent).toContain('在“我的API”里查看号码和验证码');
    expect(screen.queryByTestId('stat-todayOrder')).toBeNull();
    expect(screen.queryByTestId('stat-value')).toBeNull();
    // Nothing done yet: the first step is the current one.
    expect(guide().querySelector('.ant-steps-item-process .ant-steps-item-title')?.textContent).toBe('充值');
    fireEvent.click(within(guide()).getByRole('button', { name: /^充\s?值$/ }));
    expect(screen.getByTestId('where').textContent).toBe('/account/recharge');
  });

  it('marks 充值 done once there is money, and 去商城 opens the store', async () => {
    server.on('GET /api/user/base', { data: { ...newUser, balance: 20 } });
    server.on('GET /api/statistics/index', { data: { ...zero, totalRecharge: 20, monthRecharge: 20 } });
    mount('user');
    await waitFor(() => expect(guide().querySelector('.ant-steps-item-process .ant-steps-item-title')?.textContent).toBe('去商城'));
    expect(guide().querySelector('.ant-steps-item-finish .ant-steps-item-title')?.textContent).toBe('充值');
    fireEvent.click(within(guide()).getByRole('button', { name: '去商城' }));
    expect(screen.getByTestId('where').textContent).toBe('/items/store');
  });

  it('gives way to the figures once the customer has bought anything (even if refunded since)', async () => {
    server.on('GET /api/statistics/index', { data: { ...zero, totalRecharge: 5, tokenNum: 1 } });
    mount('user');
    await waitFor(() => expect(screen.getByTestId('stat-tokenNum')).toBeTruthy());
    expect(screen.queryByTestId('first-steps')).toBeNull();
  });
});

describe("a sup's home", () => {
  it('keeps the figures on an empty platform', async () => {
    server.on('GET /api/user/base', { data: { ...newUser, username: 'admin', type: 'sup', role: 'owner' } });
    server.on('GET /api/statistics/index', {
      data: { ...zero, userCount: 1, userCountMonth: 1, admin: { balance: 0, recharge: 0, rechargeAuto: 0, order: 0, diff: 0 } },
    });
    mount('sup');
    await waitFor(() => expect(screen.getByTestId('stat-userCount')).toBeTruthy());
    expect(screen.queryByTestId('first-steps')).toBeNull();
  });
});
