/**
 * The buy dialog against a real HTTP server speaking the envelope: the quote follows the quantity
 * (asked once after typing stops), 支付 names the total and pays with no second dialog, a refusal shows the server's
 * Chinese message and keeps the dialog, a purchase shows the numbers split by their country prefix
 * (the keyboard on the first 复制号码) and the links, and re-reads the balance.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { BuyDialog } from '../../../src/pages/store/buy/BuyDialog';
import type { StoreItem } from '../../../src/pages/store/api';
import { authState } from '../../../src/providers/auth-state';
import { useEnvelopeServer, type Recorded } from '../providers/envelope-server';

const item: StoreItem = {
  id: 7,
  title: 'Telegram 接码',
  description: '',
  channel: 'sms',
  service: 'tg',
  country: 0,
  source: 'stock',
  price: 1.5,
  base_price: 1.5,
  stock: 10,
  valid_hours: 24,
  receive_limit: 1,
  reset_limit: 2,
  renew_price: 0,
  code_wait_minutes: 0,
  min_qty: 1,
  max_qty: 5,
};

const quote = (req: Recorded, balance = 20) => {
  const quantity = req.body.quantity as number;
  const amount = Math.round(quantity * 150) / 100;
  return {
    data: {
      goods_id: 7,
      quantity,
      unit_price: 1.5,
      amount,
      balance,
      balance_after: Math.round((balance - amount) * 100) / 100,
      enough_balance: balance >= amount,
      stock: 10,
      enough_stock: true,
      min_qty: 1,
      max_qty: 5,
    },
  };
};

function mount(onBought = vi.fn()) {
  authState.setToken('tok');
  authState.setType('user');
  render(
    <AntApp>
      <MemoryRouter>
        <BuyDialog item={item} onClose={() => undefined} onBought={onBought} />
      </MemoryRouter>
    </AntApp>,
  );
  return onBought;
}

// The buy dialog itself (the confirmation is a dialog too, and lingers in jsdom, which never ends its animation).
const dialog = () => document.querySelector<HTMLElement>('.buy-dialog')!;
const figure = (id: string) => within(dialog()).getByTestId(id).textContent;

/** 支付 $x, in the dialog itself: it names the total and pays at once (no second dialog below the customer's amount). */
async function payAt(total: string) {
  const pay = within(dialog()).getByTestId('buy-submit');
  await waitFor(() => expect(pay.textContent).toBe(`支付 ${total}`));
  fireEvent.click(pay);
  expect(document.querySelector('.ant-modal-confirm')).toBeNull();
}

afterEach(() => authState.clear());

describe('the buy dialog', () => {
  const server = useEnvelopeServer();

  it('quotes the quantity once typing stops; the balance after turns red with 充值 when short', async () => {
    server.on('POST /api/order/quote', (req) => quote(req, 4));
    mount();
    await waitFor(() => expect(figure('buy-total')).toBe('$1.50'));
    expect(figure('buy-balance')).toBe('$4.00');
    expect(figure('buy-balance-after')).toBe('$2.50');
    const input = within(dialog()).getByRole('spinbutton', { name: '购买数量' });
    for (const v of ['2', '3']) fireEvent.change(input, { target: { value: v } });
    await waitFor(() => expect(figure('buy-total')).toBe('$4.50'));
    expect(server.calls('POST /api/order/quote').map((r) => r.body.quantity)).toEqual([1, 3]);
    expect(figure('buy-balance-after')).toBe('-$0.50');
    expect(within(dialog()).getByTestId('buy-balance-after').className).toContain('buy-danger');
    expect(within(dialog()).getByRole('link', { name: '去充值' }).getAttribute('href')).toBe('/account/recharge');
    expect((within(dialog()).getByTestId('buy-submit') as HTMLButtonElement).disabled).toBe(true);
  });

  it("a refusal shows the server's message and keeps the dialog; no links, nothing bought", async () => {
    server.on('POST /api/order/quote', (req) => quote(req));
    server.on('POST /api/order/buy', { code: 409, message: '库存不足：仅剩 1 个', data: null });
    const onBought = mount();
    fireEvent.change(await within(dialog()).findByRole('spinbutton', { name: '购买数量' }), { target: { value: '2' } });
    await waitFor(() => expect(figure('buy-total')).toBe('$3.00'));
    await payAt('$3.00');
    await waitFor(() => expect(within(dialog()).getByTestId('buy-error').textContent).toBe('库存不足：仅剩 1 个'));
    expect(server.calls('POST /api/order/buy').map((r) => r.body)).toEqual([{ goods_id: 7, quantity: 2 }]);
    expect(within(dialog()).queryAllByTestId('bought-link')).toHaveLength(0);
    expect(onBought).not.toHaveBeenCalled();
  });

  it('a purchase shows every link with its copy buttons and re-reads the balance', async () => {
    server.on('POST /api/order/quote', (req) => quote(req));
    server.on('POST /api/order/buy', {
      message: '购买成功，共 2 个链接',
      data: {
        order_id: 1,
        order_no: '20250101000001',
        quantity: 2,
        unit_price: 1.5,
        amount: 3,
        balance: 17,
        tokens: ['+629007934838', '+629007934839'].map((identifier, i) => ({
          id: i + 1,
          token: `tok${i}`,
          identifier,
          url: `http://x/c/tok${i}`,
          api_url: `http://x/api/code/tok${i}`,
          expires_at: '2025-01-02 00:00:00',
        })),
      },
    });
    server.on('GET /api/user/base', { data: { id: 2, username: 'alice', type: 'user', balance: 17 } });
    // The panels read the order's links: each waits for its code.
    server.on('POST /api/token/data', {
      data: {
        total: 2,
        list: ['629007934838', '629007934839'].map((identifier, i) => ({
          id: i + 1,
          token: `tok${i}`,
          identifier,
          state: 'active',
          goods_id: 7,
          country: 6,
          goods_id_label: 'Telegram 接码',
          last_code: null,
          last_text: null,
          last_code_at: null,
          expires_at: '2025-01-02 00:00:00',
          refund_at: null,
          receives_left: 1,
          resets: 0,
          reset_limit: 2,
          renewable: false,
          url: `http://x/c/tok${i}`,
          timers: { expires_in: 86_400, refund_in: null, cancel_in: 120 },
        })),
      },
    });
    const onBought = mount();
    fireEvent.change(await within(dialog()).findByRole('spinbutton', { name: '购买数量' }), { target: { value: '2' } });
    await waitFor(() => expect(figure('buy-total')).toBe('$3.00'));
    await payAt('$3.00');
    await waitFor(() => expect(within(dialog()).getAllByTestId('bought-link')).toHaveLength(2));
    expect(
      within(dialog())
        .getAllByTestId('activation-number')
        .map((n) => n.textContent),
    ).toEqual(['+62 | 9007934838', '+62 | 9007934839']);
    // The keyboard is on the first number's 复制号码, what a buyer does next (not on 关闭).
    await waitFor(() => expect(document.activeElement?.textContent).toBe('复制号码'));
    expect(within(dialog()).getAllByRole('button', { name: /复制号码/ })[0]).toBe(document.activeElement);
    expect(within(dialog()).getAllByRole('button', { name: /复制\(不含区号\)/ })).toHaveLength(2);
    expect(
      within(dialog())
        .getAllByTestId('activation-wait')
        .map((n) => n.textContent),
    ).toEqual(['等待短信…', '等待短信…']);
    // 取消 opens after the early-cancel window, counted down.
    expect(within(dialog()).getAllByTestId('activation-cancel')[0].textContent).toMatch(/^取消（[12]:\d\d 后可取消）$/);
    expect(
      within(dialog())
        .getAllByTestId('bought-url')
        .map((a) => a.textContent),
    ).toEqual(['http://x/c/tok0', 'http://x/c/tok1']);
    expect(within(dialog()).getAllByRole('button', { name: /复制链接/ })).toHaveLength(2);
    expect(within(dialog()).getByRole('button', { name: /复制全部号码和链接/ })).toBeTruthy();
    expect(figure('bought-balance')).toBe('$17.00');
    await waitFor(() => expect(server.calls('GET /api/user/base')).toHaveLength(1));
    await waitFor(() => expect(authState.getUserInfo()?.balance).toBe(17));
    expect(onBought).toHaveBeenCalledTimes(1);
  });
});
