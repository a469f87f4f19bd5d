import { App, Descriptions, Form, Input, InputNumber, Modal } from 'antd';
import type { RowActionProps } from '../../framework/registry';
import { api } from '../../providers/http';
import { useFormSubmit } from '../shared/use-form-submit';
import { formatMoney, subtractMoney, toCents } from '../shared/money';

interface Refund { amount: number; remark: string }

/**
 * An amount up to what is left to refund, and a remark, confirmed naming the amount and the customer.
 * The money goes back to the customer's balance with a ledger row of type refund; a purchase refunded
 * in full stops its links.
 */
export default function OrderRefundDialog({ record, onDone, onClose }: RowActionProps & { onClose(): void }) {
  const [form] = Form.useForm<Refund>();
  const { modal } = App.useApp();
  const left = subtractMoney(record.amount, record.refunded);
  const customer = record.user_id_label ?? `用户 ${record.user_id ?? ''}`;
  const { saving, submit: send } = useFormSubmit(form, async (values: Refund) => {
    await api.post('/api/order/refund', { id: record.id, amount: values.amount, remark: values.remark.trim() });
    onClose();
    onDone();
  }, '退款成功');

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const whole = toCents(values.amount) === toCents(left);
    modal.confirm({
      title: `确认退款 ${formatMoney(values.amount)}？`,
      content: `${formatMoney(values.amount)} 将退回 ${customer} 的余额${whole && record.type === 'buy' ? '；全额退款后该订单的链接将停止接码' : ''}。`,
      okText: '确认退款', cancelText: '取消', okButtonProps: { danger: true },
      onOk: () => send(values),
    });
  };

  return (
    <Modal open title={`订单退款 - ${record.order_no ?? record.id}`} onCancel={onClose}
      onOk={submit} okText="退款" cancelText="取消" confirmLoading={saving}>
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="用户">{customer}</Descriptions.Item>
        <Descriptions.Item label="订单金额">{formatMoney(record.amount)}</Descriptions.Item>
        <Descriptions.Item label="已退款">{formatMoney(record.refunded ?? 0)}</Descriptions.Item>
        <Descriptions.Item label="可退金额"><span data-testid="refundable">{formatMoney(left)}</span></Descriptions.Item>
      </Descriptions>
      <Form form={form} layout="vertical" initialValues={{ amount: left }}>
        <Form.Item name="amount" label="退款金额（美元）" rules={[
          { required: true, message: '请输入退款金额' },
          {
            validator: (_, v) => (typeof v === 'number' && (toCents(v) <= 0 || toCents(v) > toCents(left))
              ? Promise.reject(new Error(`退款金额应在 $0.01 到 ${formatMoney(left)} 之间`)) : Promise.resolve()),
          },
        ]}>
          <InputNumber precision={2} step={1} min={0.01} prefix="$" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="remark" label="退款备注" rules={[{ required: true, whitespace: true, message: '请输入退款备注' }, { max: 255, message: '备注最多 255 个字符' }]}>
          <Input.TextArea rows={2} maxLength={255} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
