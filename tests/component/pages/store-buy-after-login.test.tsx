/**
 * 登录后购买 remembers the product chosen, and the console's store opened at `?buy=<id>` (where
 * logging in leads) opens that product's buy dialog, found by its id wherever it is in the list; and
 * a reset limit of 0 reads 不支持重提 (0 means 不限 only for the receive limit).
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import PublicProducts from '../../../src/pages/store/PublicProducts';
import StorePage from '../../../src/pages/store/StorePage';
import { authState } from '../../../src/providers/auth-state';
import { useEnvelopeServer } from '../providers/envelope-server';

const product = (id: number, title: string, more: Record<string, unknown> = {}) => ({
  id,
  title,
  description: '',
  channel: 'sms',
  service: 'tg',
  country: 0,
  source: 'stock',
  price: 1.5,
  base_price: 1.5,
  stock: 5,
  valid_hours: 24,
  receive_limit: 1,
  reset_limit: 2,
  renew_price: 0,
  code_wait_minutes: 0,
  min_qty: 1,
  max_qty: 10,
  ...more,
});
const FIRST = [product(1, 'Telegram 接码'), product(2, 'WhatsApp 接码', { reset_limit: 0, receive_limit: 0 })];
const FAR = product(120, '第 120 个商品', { reset_limit: 0 });

function Address() {
  const { pathname, search } = useLocation();
  return <output data-testid="address">{pathname + search}</output>;
}

function mount(path: string) {
  render(
    <AntApp>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/store" element={<PublicProducts />} />
          <Route path="/items/store" element={<StorePage />} />
          <Route path="/login" element={<div>登录页</div>} />
        </Routes>
        <Address />
      </MemoryRouter>
    </AntApp>,
  );
}

const server = useEnvelopeServer();
const answerStore = () =>
  server.on('POST /api/store/data', (req) => ({
    data:
      req.body?.id === undefined
        ? { list: FIRST, total: FIRST.length }
        : { list: [FIRST[0], FIRST[1], FAR].filter((p) => p.id === req.body.id), total: 1 },
  }));
const dialogTitle = () => document.querySelector('.buy-dialog .ant-modal-title')?.textContent ?? null;

describe('登录后购买', () => {
  it("remembers that product: logging in leads to the console's store with it to buy", async () => {
    answerStore();
    mount('/store');
    const card = (await screen.findAllByTestId('product-card'))[1];
    fireEvent.click(within(card).getByRole('button', { name: '登录后购买' }));
    expect(await screen.findByText('登录页')).toBeTruthy();
    expect(sessionStorage.getItem('wanted_path')).toBe('/items/store?buy=2');
  });

  it("the console's store at ?buy=<id> opens that product's buy dialog, even one not in the list, and forgets the address", async () => {
    answerStore();
    authState.setToken('tok');
    authState.setType('user');
    mount('/items/store?buy=120');
    await waitFor(() => expect(dialogTitle()).toBe('购买：第 120 个商品'));
    expect(server.calls('POST /api/store/data').map((r) => r.body)).toContainEqual({ id: 120 });
    expect(screen.getByTestId('address').textContent).toBe('/items/store');
    expect(screen.getByTestId('buy-limits').textContent).toContain('重提次数 不支持重提');
  });

  it('says so when that product is no longer on sale', async () => {
    answerStore();
    authState.setToken('tok');
    authState.setType('user');
    mount('/items/store?buy=99');
    expect(await screen.findByText('您选择的商品已下架')).toBeTruthy();
    expect(dialogTitle()).toBeNull();
  });

  it('the sup, who cannot buy, just gets the store', async () => {
    answerStore();
    authState.setToken('tok');
    authState.setType('sup');
    mount('/items/store?buy=2');
    await screen.findAllByTestId('product-card');
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/items/store'));
    expect(server.calls('POST /api/store/data').map((r) => r.body)).not.toContainEqual({ id: 2 });
    expect(dialogTitle()).toBeNull();
  });
});

describe("the limits in a product's 详情", () => {
  it('a reset limit of 0 reads 不支持重提; a receive limit of 0 reads 不限', async () => {
    answerStore();
    mount('/store');
    const [tg, wa] = await screen.findAllByTestId('product-card');
    for (const card of [tg, wa]) fireEvent.click(within(card).getByRole('button', { name: '详情' }));
    const facts = (card: HTMLElement) => Array.from(card.querySelectorAll('.product-facts > div')).map((d) => d.textContent);
    await waitFor(() => expect(facts(wa).length && facts(tg).length).toBeTruthy());
    expect(facts(wa)).toEqual(expect.arrayContaining(['接码次数不限', '重提次数不支持重提']));
    expect(facts(tg)).toEqual(expect.arrayContaining(['接码次数1 次', '重提次数2 次']));
  });
});
