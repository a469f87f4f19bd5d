import { App, Descriptions, Form, Input, Modal } from 'antd';
import type { RowActionProps } from '../../framework/registry';
import { api } from '../../providers/http';
import { useFormSubmit } from '../shared/use-form-submit';
import { formatMoney } from '../shared/money';

/**
 * A whole link paid back (what its unit cost on its order) with a remark, after a confirmation: the
 * link stops receiving codes, the customer's balance gets a refund ledger row.
 */
export default function TokenRefundDialog({ record, onDone, onClose }: RowActionProps & { onClose(): void }) {
  const [form] = Form.useForm<{ remark: string }>();
  const { modal, message } = App.useApp();
  const customer = record.user_id_label ?? `用户 ${record.user_id ?? ''}`;
  const { saving, submit: send } = useFormSubmit(form, async ({ remark }: { remark: string }) => {
    const r = await api.post<{ amount: number }>('/api/token/refund', { id: record.id, remark: remark.trim() });
    message.info(`已退还 ${formatMoney(r.amount)} 给 ${customer}`);
    onClose();
    onDone();
  }, '链接已退款');

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    modal.confirm({
      title: `确认退款链接 ${record.identifier}？`,
      content: `该链接的购买金额将全部退回 ${customer} 的余额，链接立即停止接码，不可撤回。`,
      okText: '确认退款', cancelText: '取消', okButtonProps: { danger: true },
      onOk: () => send(values),
    });
  };

  return (
    <Modal open title={`链接退款 - ${record.identifier}`} onCancel={onClose} onOk={submit} okText="退款" cancelText="取消"
      okButtonProps={{ danger: true }} confirmLoading={saving}>
      <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="用户">{customer}</Descriptions.Item>
        <Descriptions.Item label="商品">{record.goods_id_label ?? record.goods_id}</Descriptions.Item>
        <Descriptions.Item label="到期时间">{record.expires_at}</Descriptions.Item>
      </Descriptions>
      <Form form={form} layout="vertical">
        <Form.Item name="remark" label="退款备注" rules={[{ required: true, whitespace: true, message: '请输入退款备注' }, { max: 255, message: '备注最多 255 个字符' }]}>
          <Input.TextArea rows={2} maxLength={255} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
