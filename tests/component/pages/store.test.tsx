/**
 * The store's product list against a real HTTP server speaking the envelope: a row per product
 * under its service (country in Chinese, price, stock) whose 详情 holds what a customer weighs
 * (sanitized description, limits, service code and country number), the empty state, and a failed
 * load with 重试.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import PublicProducts from '../../../src/pages/store/PublicProducts';
import { useEnvelopeServer } from '../providers/envelope-server';

const product = {
  id: 1,
  title: 'Telegram 接码',
  description: '<p>支持 <b>注册</b></p><img src=x onerror="window.__bad=1">',
  channel: 'sms',
  service: 'tg',
  country: 6,
  source: 'stock',
  price: 1.5,
  base_price: 1.5,
  stock: 0,
  valid_hours: 24,
  receive_limit: 0,
  reset_limit: 2,
  renew_price: 0.5,
  code_wait_minutes: 10,
  min_qty: 1,
  max_qty: 50,
};

function mount() {
  render(
    <AntApp>
      <MemoryRouter initialEntries={['/store']}>
        <Routes>
          <Route path="/store" element={<PublicProducts />} />
          <Route path="/login" element={<div>登录页</div>} />
        </Routes>
      </MemoryRouter>
    </AntApp>,
  );
}

describe("the store's products", () => {
  const server = useEnvelopeServer();

  it('shows a row per product under its service, 详情 opens its facts; 登录后购买 goes to login', async () => {
    server.on('POST /api/store/data', { data: { list: [product], total: 1 } });
    mount();
    const card = await screen.findByTestId('product-card');
    expect(within(screen.getByTestId('store-service')).getByTestId('service-name').textContent).toBe('Telegram');
    for (const want of ['印度尼西亚', 'Telegram 接码', '$1.50', '已售罄']) expect(card.textContent).toContain(want);
    expect(card.textContent).not.toContain('24 小时');
    fireEvent.click(within(card).getByRole('button', { name: '详情' }));
    // The full card's code arrives when first opened.
    const text = (await within(card).findByTestId('product-details')).textContent!;
    for (const want of [
      '支持 注册',
      '24 小时',
      '不限',
      '2 次',
      'tg',
      '每次购买 1–50 个',
      '可续费 $0.50 / 天',
      '10 分钟内未收到验证码自动退款',
    ]) {
      expect(text).toContain(want);
    }
    expect(within(card).getByTestId('product-country').textContent).toBe('6');
    expect(card.querySelector('img')?.getAttribute('onerror') ?? null).toBeNull();
    expect(server.calls('POST /api/store/data')[0].query).toEqual({ page: '1', pageSize: '100' });
    fireEvent.click(within(card).getByRole('button', { name: '登录后购买' }));
    expect(await screen.findByText('登录页')).toBeTruthy();
  });

  it('says when nothing is on sale', async () => {
    server.on('POST /api/store/data', { data: { list: [], total: 0 } });
    mount();
    expect(await screen.findByText('暂无在售商品')).toBeTruthy();
  });

  it('a failed load says so, and 重试 loads again', async () => {
    let calls = 0;
    server.on('POST /api/store/data', () =>
      ++calls === 1 ? { code: 500, message: '服务器内部错误，请稍后再试' } : { data: { list: [product], total: 1 } },
    );
    mount();
    expect(await screen.findByText('商品加载失败')).toBeTruthy();
    expect(screen.getByText('服务器内部错误，请稍后再试')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    await waitFor(() => expect(screen.getByTestId('product-card')).toBeTruthy());
    expect(calls).toBe(2);
  });
});
