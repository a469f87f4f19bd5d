import { Form } from 'antd';
import type { RowActionProps } from '../../framework/registry';
import { api } from '../../providers/http';
import { AmountItem, ConfirmedFormDialog, RemarkItem } from '../../common/ConfirmedFormDialog';
import { formatMoney, subtractMoney, toCents } from '../../common/money';

interface Refund { amount: number; remark: string }

/**
 * An amount up to what is left to refund, and a remark, confirmed naming the amount and the customer.
 * The money goes back to the customer's balance with a ledger row of type refund; a purchase refunded
 * in full stops its links.
 */
export default function OrderRefundDialog({ record, onDone, onClose }: RowActionProps & { onClose(): void }) {
  const [form] = Form.useForm<Refund>();
  const left = subtractMoney(record.amount, record.refunded);
  const customer = record.user_id_label ?? `用户 ${record.user_id ?? ''}`;

  return (
    <ConfirmedFormDialog form={form} title={`订单退款 - ${record.order_no ?? record.id}`} okText="退款" factColumns={{ xs: 1, sm: 2 }}
      facts={[
        { label: '用户', children: customer },
        { label: '订单金额', children: formatMoney(record.amount) },
        { label: '已退款', children: formatMoney(record.refunded ?? 0) },
        { label: '可退金额', children: <span data-testid="refundable">{formatMoney(left)}</span> },
      ]}
      initialValues={{ amount: left }}
      confirm={(values) => {
        const whole = toCents(values.amount) === toCents(left);
        return {
          title: `确认退款 ${formatMoney(values.amount)}？`,
          content: `${formatMoney(values.amount)} 将退回 ${customer} 的余额${whole && record.type === 'buy' ? '；全额退款后该订单的链接将停止接码' : ''}。`,
          okText: '确认退款', danger: true,
        };
      }}
      send={(values) => api.post('/api/order/refund', { id: record.id, amount: values.amount, remark: values.remark.trim() })}
      success="退款成功" onClose={onClose} onDone={onDone}>
      <AmountItem label="退款金额（美元）" min={0.01} rules={[
        { required: true, message: '请输入退款金额' },
        {
          validator: (_, v) => (typeof v === 'number' && (toCents(v) <= 0 || toCents(v) > toCents(left))
            ? Promise.reject(new Error(`退款金额应在 $0.01 到 ${formatMoney(left)} 之间`)) : Promise.resolve()),
        },
      ]} />
      <RemarkItem label="退款备注" />
    </ConfirmedFormDialog>
  );
}
