import { App, Descriptions, Form, Input, InputNumber, Modal, Typography } from 'antd';
import type { RowActionProps } from '../../framework/registry';
import { api } from '../../providers/http';
import { useFormSubmit } from '../shared/use-form-submit';
import { addMoney, formatMoney, toCents } from '../shared/money';

interface Adjustment { amount: number; remark: string }

/**
 * Signed dollars and a remark, confirmed before they are sent. A debit larger than the balance is
 * flagged in red at once (the server would refuse it with 402).
 */
export default function UserMoneyDialog({ record, label, onDone, onClose }: RowActionProps & { onClose(): void }) {
  const [form] = Form.useForm<Adjustment>();
  const amount = Form.useWatch('amount', form);
  const { modal } = App.useApp();
  const after = addMoney(record.balance, typeof amount === 'number' ? amount : 0);
  const overdrawn = toCents(after) < 0;
  const { saving, submit: send } = useFormSubmit(form, async (values: Adjustment) => {
    await api.post('/api/user/money', { id: record.id, amount: values.amount, remark: values.remark.trim() });
    onClose();
    onDone();
  }, '余额已调整');

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    modal.confirm({
      title: '确认调整余额？',
      content: `${record.username ?? ''} 的余额将${values.amount > 0 ? '增加' : '减少'} ${formatMoney(Math.abs(values.amount))}`,
      okText: '确认', cancelText: '取消',
      onOk: () => send(values),
    });
  };

  return (
    <Modal open title={`${label} - ${record.username ?? ''}`} onCancel={onClose}
      onOk={submit} okText="提交" cancelText="取消" confirmLoading={saving}>
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="当前余额"><span data-testid="balance-now">{formatMoney(record.balance)}</span></Descriptions.Item>
        <Descriptions.Item label="调整后余额">
          <Typography.Text type={overdrawn ? 'danger' : undefined} strong={overdrawn} data-testid="balance-after">{formatMoney(after)}</Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      <Form form={form} layout="vertical">
        <Form.Item name="amount" label="调整金额（美元，负数为扣减）" rules={[
          { required: true, message: '请输入调整金额' },
          { validator: (_, v) => (v === 0 ? Promise.reject(new Error('金额不能为 0')) : Promise.resolve()) },
          {
            validator: (_, v) => (typeof v === 'number' && toCents(addMoney(record.balance, v)) < 0
              ? Promise.reject(new Error(`扣减金额超过当前余额 ${formatMoney(record.balance)}`)) : Promise.resolve()),
          },
        ]}>
          <InputNumber precision={2} step={1} min={-1_000_000} max={1_000_000} prefix="$" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="remark" label="备注" rules={[{ required: true, whitespace: true, message: '请输入备注' }, { max: 255, message: '备注最多 255 个字符' }]}>
          <Input.TextArea rows={2} maxLength={255} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
