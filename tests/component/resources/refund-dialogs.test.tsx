import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import TokenRefundAction from '../../../src/resources/links/TokenRefundAction';
import OrderRefundAction from '../../../src/resources/orders/OrderRefundAction';
import { useEnvelopeServer } from '../providers/envelope-server';

// The dialogs are lazy chunks: load them once up front, not inside the first test's time.
const server = useEnvelopeServer({
  preload: () =>
    Promise.all([import('../../../src/resources/links/TokenRefundDialog'), import('../../../src/resources/orders/OrderRefundDialog')]),
});
afterEach(() => {
  cleanup();
});

const link = {
  id: 3,
  identifier: '8613800000000',
  state: 'active',
  user_id: 9,
  user_id_label: 'alice',
  goods_id_label: 'TG 接码',
  expires_at: '2030-01-01 00:00:00',
};
const order = { id: 5, order_no: 'B2030010100001', type: 'buy', amount: 8, refunded: 4, user_id: 9, user_id_label: 'alice' };
const refundCalls = () => server.calls('POST /api/token/refund').filter((c) => !c.body.preview);
const confirmBox = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-modal-confirm-title' })).closest('[role=dialog]') as HTMLElement;

describe('the link refund', () => {
  it('says how much goes back to whom before the sup confirms, and sends that amount', async () => {
    server.on('POST /api/token/refund', (req) =>
      req.body.preview
        ? { data: { id: 3, amount: 12.5, user_id: 9, username: 'alice', identifier: link.identifier } }
        : { data: { id: 3, amount: 12.5, balance: 30 }, message: '已退款 $12.50，链接已停止接码' },
    );
    const onDone = vi.fn();
    render(
      <AntApp>
        <TokenRefundAction record={link} resource="tokens" label="退款" onDone={onDone} />
      </AntApp>,
    );
    fireEvent.click(screen.getByRole('button', { name: '退款' }));
    const dialog = await screen.findByRole('dialog', { name: `链接退款 - ${link.identifier}` });
    // Shown as the dialog opens, nothing refunded yet.
    expect((await within(dialog).findByTestId('refund-preview')).textContent).toContain('将退款 $12.50 给 alice');
    expect(within(dialog).getByTestId('refund-amount').textContent).toBe('$12.50');
    expect(server.calls('POST /api/token/refund').map((c) => c.body)).toEqual([{ id: 3, preview: true }]);

    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: ' 号码异常 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /退\s?款/ }));
    const confirm = await confirmBox(`确认退款链接 ${link.identifier}？`);
    expect(confirm.textContent).toContain('将退款 $12.50 给 alice');
    expect(refundCalls()).toHaveLength(0);
    await act(async () => {
      fireEvent.click(within(confirm).getByRole('button', { name: /确认退款/ }));
    });
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(refundCalls().map((c) => c.body)).toEqual([{ id: 3, remark: '号码异常', amount: 12.5 }]);
    // One preview for the dialog, not one per click.
    expect(server.calls('POST /api/token/refund').filter((c) => c.body.preview)).toHaveLength(1);
  });

  it('a refused preview is shown in the dialog and nothing can be confirmed', async () => {
    server.on('POST /api/token/refund', { code: 409, message: '该链接已退款或已撤销' });
    render(
      <AntApp>
        <TokenRefundAction record={link} resource="tokens" label="退款" onDone={() => undefined} />
      </AntApp>,
    );
    fireEvent.click(screen.getByRole('button', { name: '退款' }));
    const dialog = await screen.findByRole('dialog', { name: `链接退款 - ${link.identifier}` });
    expect((await within(dialog).findByTestId('refund-refusal')).textContent).toContain('该链接已退款或已撤销');
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '退款' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /退\s?款/ }));
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByText(`确认退款链接 ${link.identifier}？`)).toBeNull();
    expect(refundCalls()).toHaveLength(0);
  });
});

describe('the order refund', () => {
  it("shows the amount and the customer as typed, and confirms with the server's preview of it", async () => {
    server.on('POST /api/order/refund', (req) =>
      req.body.preview
        ? { data: { id: 5, amount: 1.5, refunded: 5.5, left: 2.5, state: 'partial', user_id: 9, username: 'alice', stops_links: false } }
        : { data: { refunded: 5.5, left: 2.5, state: 'partial', balance: 20 } },
    );
    const onDone = vi.fn();
    render(
      <AntApp>
        <OrderRefundAction record={order} resource="orders" label="退款" onDone={onDone} />
      </AntApp>,
    );
    fireEvent.click(screen.getByRole('button', { name: '退款' }));
    const dialog = await screen.findByRole('dialog', { name: `订单退款 - ${order.order_no}` });
    fireEvent.change(within(dialog).getByRole('spinbutton'), { target: { value: '1.5' } });
    await waitFor(() => expect(within(dialog).getByTestId('refund-preview').textContent).toBe('将退款 $1.50 给 alice'));
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '部分退款' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /退\s?款/ }));
    const confirm = await confirmBox('确认退款 $1.50？');
    expect(confirm.textContent).toContain('将退款 $1.50 给 alice');
    expect(confirm.textContent).toContain('可退 $2.50');
    expect(server.calls('POST /api/order/refund').map((c) => c.body)).toEqual([{ id: 5, amount: 1.5, preview: true }]);
    await act(async () => {
      fireEvent.click(within(confirm).getByRole('button', { name: /确认退款/ }));
    });
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(server.calls('POST /api/order/refund').at(-1)!.body).toEqual({ id: 5, amount: 1.5, remark: '部分退款' });
  });
});
