import { App, Button, Descriptions, Form, Modal } from 'antd';
import { useState } from 'react';
import type { FieldDef } from '../../../resources.config';
import { RefSelect } from '../../framework/fields/RefSelect';
import type { RowActionProps } from '../../framework/registry';
import { api } from '../../providers/http';
import { useFormSubmit } from '../shared/use-form-submit';

const userField: FieldDef = { label: '用户', type: 'ref', ref: { resource: 'users', labelField: 'username' } };

/** The sup credits an unmatched transfer to the customer it belongs to, after a confirmation; once. */
export default function TransferAttachAction({ record, label, onDone }: RowActionProps) {
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ user_id: number }>();
  const { modal } = App.useApp();
  const { saving, submit: send } = useFormSubmit(form, async (values: { user_id: number }) => {
    await api.post('/api/transfer/attach', { id: record.id, user_id: values.user_id });
    setOpen(false);
    onDone();
  }, '已入账');
  if (record.state !== 'unmatched') return null;

  const amount = `${Number(record.amount).toFixed(2)} USDT`;
  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    modal.confirm({
      title: '确认入账？',
      content: `这笔 ${amount} 的转账将作为自动充值入账到所选用户的余额，入账后不能撤销，也不能再入账给其他人。`,
      okText: '确认入账', cancelText: '取消',
      onOk: () => send(values),
    });
  };

  return (
    <>
      <Button type="link" size="small" onClick={() => setOpen(true)}>{label}</Button>
      <Modal open={open} title={`${label} - 转账 #${record.id}`} onCancel={() => setOpen(false)} onOk={submit}
        okText="入账" cancelText="取消" confirmLoading={saving} destroyOnHidden>
        <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
          <Descriptions.Item label="金额">{amount}</Descriptions.Item>
          <Descriptions.Item label="付款地址"><span style={{ wordBreak: 'break-all' }}>{record.from}</span></Descriptions.Item>
          <Descriptions.Item label="转账时间">{record.block_time}</Descriptions.Item>
          <Descriptions.Item label="交易哈希"><span style={{ wordBreak: 'break-all' }}>{record.tx_hash}</span></Descriptions.Item>
        </Descriptions>
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="user_id" label="入账到用户" rules={[{ required: true, message: '请选择入账用户' }]}>
            <RefSelect field={userField} placeholder="输入用户名搜索" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
