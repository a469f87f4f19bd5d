/**
 * The buy dialog from the keyboard: Enter in the quantity pays as 支付 $x does (asking first only
 * above the amount the customer set); pressed right after typing, it waits for that quantity's quote;
 * when the balance is short it does nothing. (That the cursor is in the quantity when the dialog opens needs a layout: the browser
 * tests check it, tests/e2e/store-list.e2e.ts.)
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
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

const quote = (balance: number) => (req: Recorded) => {
  const quantity = req.body.quantity as number;
  const amount = quantity * 1.5;
  return {
    data: {
      goods_id: 7,
      quantity,
      unit_price: 1.5,
      amount,
      balance,
      balance_after: balance - amount,
      enough_balance: balance >= amount,
      stock: 10,
      enough_stock: true,
      min_qty: 1,
      max_qty: 5,
    },
  };
};

function mount() {
  authState.setToken('tok');
  authState.setType('user');
  render(
    <AntApp>
      <MemoryRouter>
        <BuyDialog item={item} onClose={() => undefined} />
      </MemoryRouter>
    </AntApp>,
  );
}

const dialog = () => document.querySelector<HTMLElement>('.buy-dialog')!;
const quantityInput = () => within(dialog()).findByRole('spinbutton', { name: '购买数量' });

afterEach(() => {
  authState.clear();
  localStorage.clear();
});

describe('the buy dialog from the keyboard', () => {
  const server = useEnvelopeServer();

  it("Enter typed right after a new quantity pays that quantity's total at once, with no second dialog", async () => {
    server.on('POST /api/order/quote', quote(20));
    server.on('POST /api/order/buy', { code: 409, message: '库存不足：仅剩 1 个', data: null });
    mount();
    const input = await quantityInput();
    fireEvent.change(input, { target: { value: '3' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(server.calls('POST /api/order/buy').map((r) => r.body)).toEqual([{ goods_id: 7, quantity: 3 }]));
    expect(document.querySelector('.ant-modal-confirm')).toBeNull();
    await waitFor(() => expect(within(dialog()).getByTestId('buy-error').textContent).toBe('库存不足：仅剩 1 个'));
  });

  it('above the amount the customer set, Enter asks first, naming the total; the amount is kept for the next purchase', async () => {
    server.on('POST /api/order/quote', quote(20));
    mount();
    expect(within(dialog()).getByTestId('buy-confirm-above').textContent).toContain('单笔超过 $10.00 时，支付前再确认一次');
    fireEvent.click(within(dialog()).getByRole('button', { name: /修\s*改/ }));
    fireEvent.change(within(dialog()).getByRole('spinbutton', { name: '单笔超过此金额时再确认' }), { target: { value: '3' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: /保\s*存/ }));
    expect(within(dialog()).getByTestId('buy-confirm-above').textContent).toContain('单笔超过 $3.00 时，支付前再确认一次');
    const input = await quantityInput();
    fireEvent.change(input, { target: { value: '3' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    const pay = await screen.findByRole('button', { name: '确认支付 $4.50' });
    expect(document.querySelector('.ant-modal-confirm')!.textContent).toContain('「Telegram 接码」× 3');
    expect(pay).toBeTruthy();
    expect(server.calls('POST /api/order/buy')).toHaveLength(0);
    cleanup();
    mount();
    expect(within(dialog()).getByTestId('buy-confirm-above').textContent).toContain('单笔超过 $3.00 时，支付前再确认一次');
  });

  it('pays nothing and asks nothing when the balance is short', async () => {
    server.on('POST /api/order/quote', quote(1));
    mount();
    const input = await quantityInput();
    await waitFor(() => expect(within(dialog()).getByTestId('buy-balance-after').textContent).toBe('-$0.50'));
    // The quote for this quantity is in: had Enter paid or asked, the call or the confirmation would be out once the key is handled.
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(document.querySelector('.ant-modal-confirm')).toBeNull();
    expect(server.calls('POST /api/order/buy')).toHaveLength(0);
  });
});
