import { Form, Typography } from 'antd';
import type { RowActionProps } from '../../framework/registry';
import { AmountItem, ConfirmedFormDialog, RemarkItem } from '../../common/ConfirmedFormDialog';
import { formatMoney, subtractMoney, toCents } from '../../common/money';
import { orderRefundApi } from './refund-api';

interface Refund {
  amount: number;
  remark: string;
}

/**
 * An amount up to what is left to refund, and a remark. Before confirming, the server's preview of
 * that amount says who gets it, what is left after and whether the purchase's links stop; the
 * confirmation says so. The money goes back to the customer's balance with a ledger row of type refund.
 */
export default function OrderRefundDialog({ record, onDone, onClose }: RowActionProps & { onClose(): void }) {
  const [form] = Form.useForm<Refund>();
  const left = subtractMoney(record.amount, record.refunded);
  const customer = record.user_id_label ?? `用户 ${record.user_id ?? ''}`;
  const amount = Form.useWatch('amount', form);

  return (
    <ConfirmedFormDialog
      form={form}
      title={`订单退款 - ${record.order_no ?? record.id}`}
      okText="退款"
      factColumns={{ xs: 1, sm: 2 }}
      facts={[
        { label: '用户', children: customer },
        { label: '订单金额', children: formatMoney(record.amount) },
        { label: '已退款', children: formatMoney(record.refunded ?? 0) },
        { label: '可退金额', children: <span data-testid="refundable">{formatMoney(left)}</span> },
      ]}
      initialValues={{ amount: left }}
      confirm={async (values) => {
        const p = await orderRefundApi.preview(record.id, values.amount);
        return {
          title: `确认退款 ${formatMoney(p.amount)}？`,
          content:
            `将退款 ${formatMoney(p.amount)} 给 ${p.username}（退回余额），退款后该订单可退 ${formatMoney(p.left)}` +
            `${p.stops_links ? '；全额退款后该订单的链接将停止接码' : ''}。`,
          okText: '确认退款',
          danger: true,
        };
      }}
      send={(values) => orderRefundApi.refund(record.id, values.amount, values.remark.trim())}
      success="退款成功"
      onClose={onClose}
      onDone={onDone}
    >
      <AmountItem
        label="退款金额（美元）"
        min={0.01}
        rules={[
          { required: true, message: '请输入退款金额' },
          {
            validator: (_, v) =>
              typeof v === 'number' && (toCents(v) <= 0 || toCents(v) > toCents(left))
                ? Promise.reject(new Error(`退款金额应在 $0.01 到 ${formatMoney(left)} 之间`))
                : Promise.resolve(),
          },
        ]}
      />
      {typeof amount === 'number' && toCents(amount) > 0 && (
        <Typography.Paragraph type="warning" data-testid="refund-preview">
          将退款 {formatMoney(amount)} 给 {customer}
        </Typography.Paragraph>
      )}
      <RemarkItem label="退款备注" />
    </ConfirmedFormDialog>
  );
}
