import { Form, Input } from 'antd';
import { resellerTransferFields } from '../../../resources.config';
import { api } from '../../providers/http';
import { AmountItem, ConfirmedFormDialog } from '../../common/ConfirmedFormDialog';
import { formatMoney } from '../../common/money';
import { authState } from '../../providers/auth-state';
import type { ResellerCustomer } from './reseller-customer';

interface Transfer {
  amount: number;
  remark?: string;
}

/** 划款: dollars from the reseller's balance into one of its customers', confirmed before they move. */
export default function TransferDialog({ customer, onClose, onDone }: { customer: ResellerCustomer; onClose(): void; onDone(): void }) {
  const [form] = Form.useForm<Transfer>();
  const mine = authState.getUserInfo()?.balance;
  const f = resellerTransferFields;
  return (
    <ConfirmedFormDialog
      form={form}
      title={`划款给 ${customer.username}`}
      okText="划款"
      factColumns={{ xs: 1, sm: 2 }}
      facts={[
        { label: '我的余额', children: formatMoney(mine) },
        { label: '客户余额', children: formatMoney(customer.balance) },
      ]}
      confirm={(values) => ({
        title: '确认划款？',
        content: `将从您的余额转出 ${formatMoney(values.amount)} 到 ${customer.username} 的余额，不能撤回`,
        okText: '确认划款',
      })}
      send={(values) =>
        api.post('/api/reseller/transfer', { user_id: customer.id, amount: values.amount, remark: values.remark?.trim() || undefined })
      }
      success="划款成功"
      onClose={onClose}
      onDone={onDone}
    >
      <AmountItem
        label={`${f.amount.label}（美元）`}
        min={f.amount.min}
        max={f.amount.max}
        rules={[{ required: true, message: `请输入${f.amount.label}` }]}
      />
      <Form.Item
        name="remark"
        label={f.remark.label}
        extra={f.remark.help}
        rules={[{ max: f.remark.max, message: `备注最多 ${f.remark.max} 个字符` }]}
      >
        <Input maxLength={f.remark.max} />
      </Form.Item>
    </ConfirmedFormDialog>
  );
}
