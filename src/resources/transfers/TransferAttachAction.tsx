import { Button, Form } from 'antd';
import { useState } from 'react';
import type { FieldDef } from '../../framework/declaration';
import { RefSelect } from '../../framework/fields/RefSelect';
import type { RowActionProps } from '../../framework/registry';
import { api } from '../../providers/http';
import { ConfirmedFormDialog } from '../../common/ConfirmedFormDialog';

const userField: FieldDef = { label: '用户', type: 'ref', ref: { resource: 'users', labelField: 'username' } };
const breakAnywhere = { wordBreak: 'break-all' } as const;

/** The sup credits an unmatched transfer to the customer it belongs to, after a confirmation; once. */
export default function TransferAttachAction({ record, label, onDone }: RowActionProps) {
  const [open, setOpen] = useState(false);
  if (record.state !== 'unmatched') return null;
  return (
    <>
      <Button type="link" size="small" onClick={() => setOpen(true)}>
        {label}
      </Button>
      {open && <TransferAttachDialog record={record} label={label} onDone={onDone} onClose={() => setOpen(false)} />}
    </>
  );
}

function TransferAttachDialog({ record, label, onDone, onClose }: Omit<RowActionProps, 'resource'> & { onClose(): void }) {
  const [form] = Form.useForm<{ user_id: number }>();
  const amount = `${Number(record.amount).toFixed(2)} USDT`;
  return (
    <ConfirmedFormDialog
      form={form}
      title={`${label} - 转账 #${record.id}`}
      okText="入账"
      facts={[
        { label: '金额', children: amount },
        { label: '付款地址', children: <span style={breakAnywhere}>{record.from}</span> },
        { label: '转账时间', children: record.block_time },
        { label: '交易哈希', children: <span style={breakAnywhere}>{record.tx_hash}</span> },
      ]}
      confirm={() => ({
        title: '确认入账？',
        content: `这笔 ${amount} 的转账将作为自动充值入账到所选用户的余额，入账后不能撤销，也不能再入账给其他人。`,
        okText: '确认入账',
      })}
      send={(values) => api.post('/api/transfer/attach', { id: record.id, user_id: values.user_id })}
      success="已入账"
      onClose={onClose}
      onDone={onDone}
    >
      <Form.Item name="user_id" label="入账到用户" rules={[{ required: true, message: '请选择入账用户' }]}>
        <RefSelect field={userField} placeholder="输入用户名搜索" />
      </Form.Item>
    </ConfirmedFormDialog>
  );
}
