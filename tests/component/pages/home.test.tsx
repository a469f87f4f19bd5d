import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Refine } from '@refinedev/core';
import { App as AntApp } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import HomePage from '../../../src/pages/home/HomePage';
import { authState } from '../../../src/providers/auth-state';
import { createDataProvider } from '../../../src/providers/data-provider';
import { useEnvelopeServer } from '../providers/envelope-server';

const figures = {
  todayOrder: 1.5,
  monthOrder: 20.25,
  totalOrder: 100,
  todayRecharge: 0.3,
  todayRechargeAuto: 0.1,
  monthRecharge: 50.3,
  monthRechargeAuto: 20.1,
  totalRecharge: 300,
  todayTokenNum: 2,
  tokenNum: 9,
};
const supFigures = {
  ...figures,
  userCount: 42,
  userCountMonth: 5,
  admin: { balance: 150, recharge: 300.3, rechargeAuto: 100.1, order: 150.3, profit: 12.5, profitPending: 3.25, diff: 0.01 },
};
const baseUser = {
  id: 2,
  username: 'alice',
  type: 'user',
  balance: 7.5,
  email: 'a@example.com',
  tg: 'alice_tg',
  create_at: '2025-01-02 03:04:05',
  login_at: '2025-03-01 10:00:00',
  login_count: 12,
  login_ip: '10.0.0.8',
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

const value = (key: string) => within(screen.getByTestId(key)).getByTestId('stat-value').textContent;

const server = useEnvelopeServer();
beforeEach(() => {
  server.on('GET /api/config/index', { data: { content: '<p>客服 QQ: 10000<script>window.__x=1</script></p>' } });
  server.on('GET /api/notice/recent', {
    data: {
      list: [
        { id: 2, title: '', content: '<p>这是一条没有标题但内容很长很长很长很长的公告</p>', create_at: '2025-03-02 09:00:00' },
        { id: 1, title: '上线通知', content: '<p>平台<b>正式</b>上线</p>', create_at: '2025-03-01 08:00:00' },
      ],
    },
  });
});
afterEach(() => authState.clear());

describe('the home screen', () => {
  it('shows a customer their profile (re-read from /api/user/base), cards, contact and notices', async () => {
    server.on('GET /api/user/base', { data: baseUser });
    server.on('GET /api/statistics/index', { data: figures });
    mount('user');
    await waitFor(() => expect(screen.getByTestId('profile-balance').textContent).toBe('$7.50'));
    for (const text of ['alice', 'a@example.com', 'alice_tg', '2025-01-02 03:04:05', '2025-03-01 10:00:00', '12', '10.0.0.8']) {
      expect(screen.getByTestId('profile-card').textContent).toContain(text);
    }
    await waitFor(() => expect(value('stat-todayOrder')).toBe('$1.50'));
    expect(value('stat-totalRecharge')).toBe('$300.00');
    expect(value('stat-tokenNum')).toBe('9');
    expect(screen.queryByTestId('stat-userCount')).toBeNull();
    expect(screen.queryByText('平台汇总')).toBeNull();
    expect(await screen.findByText('客服 QQ: 10000')).toBeTruthy();
    expect(document.querySelector('script')).toBeNull();
    expect(await screen.findByText('这是一条没有标题但内容很长很长很长很长的...')).toBeTruthy();
    expect(screen.getByText('2025-03-02')).toBeTruthy();
  });

  it('draws the eight cards with their labels while the figures load, then their values in place', async () => {
    authState.setUserInfo(baseUser);
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.on('GET /api/statistics/index', async () => {
      await answered;
      return { data: figures };
    });
    mount('user');
    await waitFor(() => expect(server.calls('GET /api/statistics/index').length).toBeGreaterThan(0));
    const cards = [
      'todayOrder',
      'monthOrder',
      'totalOrder',
      'todayRecharge',
      'monthRecharge',
      'totalRecharge',
      'todayTokenNum',
      'tokenNum',
    ];
    for (const key of cards) expect(screen.getByTestId(`stat-${key}`)).toBeTruthy();
    expect(screen.getByTestId('stat-tokenNum').textContent).toBe('全部号码');
    expect(screen.queryByTestId('stat-value')).toBeNull();
    answer();
    await waitFor(() => expect(value('stat-tokenNum')).toBe('9'));
    expect(screen.getAllByTestId('stat-value')).toHaveLength(8);
  });

  it('does not fetch the user info again when the console has just fetched it', async () => {
    authState.setUserInfo(baseUser);
    server.on('GET /api/statistics/index', { data: figures });
    mount('user');
    await waitFor(() => expect(value('stat-todayOrder')).toBe('$1.50'));
    expect(screen.getByTestId('profile-balance').textContent).toBe('$7.50');
    expect(server.calls('GET /api/user/base')).toHaveLength(0);
  });

  it('re-reads user info fetched a while ago: the balance may have changed since', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      authState.setUserInfo({ ...baseUser, balance: 1 });
      vi.setSystemTime(Date.now() + 60_000);
      server.on('GET /api/user/base', { data: baseUser });
      server.on('GET /api/statistics/index', { data: figures });
      mount('user');
      await waitFor(() => expect(screen.getByTestId('profile-balance').textContent).toBe('$7.50'));
    } finally {
      vi.useRealTimers();
    }
  });

  it('opens a notice with its title, content and date', async () => {
    server.on('GET /api/statistics/index', { data: figures });
    mount('user');
    fireEvent.click(await screen.findByText('上线通知'));
    const dialog = await screen.findByRole('dialog', { name: '上线通知' });
    expect(within(dialog).getByText('正式')).toBeTruthy();
    expect(within(dialog).getByText('2025-03-01')).toBeTruthy();
  });

  it("shows sup the platform summary with resellers' profits and the difference tagged, and user cards leading to /user/index", async () => {
    server.on('GET /api/user/base', { data: { ...baseUser, username: 'admin', type: 'sup', role: 'owner' } });
    server.on('GET /api/statistics/index', { data: supFigures });
    mount('sup');
    await waitFor(() => expect(value('summary-rechargeManual')).toBe('$200.20'));
    expect(value('summary-diff')).toBe('$0.01');
    // Resellers' profits, settled and pending, each its own figure.
    expect(within(screen.getByTestId('summary-profit')).getByText('分站利润(已结算)')).toBeTruthy();
    expect(value('summary-profit')).toBe('$12.50');
    expect(within(screen.getByTestId('summary-profitPending')).getByText('分站利润(待结算)')).toBeTruthy();
    expect(value('summary-profitPending')).toBe('$3.25');
    expect(within(screen.getByTestId('summary-diff')).getByText('异常')).toBeTruthy();
    expect(value('stat-todayRechargeManual')).toBe('$0.20');
    expect(value('stat-userCount')).toBe('42');
    fireEvent.click(screen.getByTestId('stat-userCount'));
    expect(screen.getByTestId('where').textContent).toBe('/user/index');
  });
});
