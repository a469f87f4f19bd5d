import { Form, Typography } from 'antd';
import type { RowActionProps } from '../../framework/registry';
import { api } from '../../providers/http';
import { AmountItem, ConfirmedFormDialog, RemarkItem } from '../../common/ConfirmedFormDialog';
import { addMoney, formatMoney, toCents } from '../../common/money';

interface Adjustment {
  amount: number;
  remark: string;
}

/**
 * Signed dollars and a remark, confirmed before they are sent. A debit larger than the balance is
 * flagged in red at once (the server would refuse it with 402).
 */
export default function UserMoneyDialog({ record, label, onDone, onClose }: RowActionProps & { onClose(): void }) {
  const [form] = Form.useForm<Adjustment>();
  const amount = Form.useWatch('amount', form);
  const after = addMoney(record.balance, typeof amount === 'number' ? amount : 0);
  const overdrawn = toCents(after) < 0;

  return (
    <ConfirmedFormDialog
      form={form}
      title={`${label} - ${record.username ?? ''}`}
      okText="提交"
      factColumns={{ xs: 1, sm: 2 }}
      facts={[
        { label: '当前余额', children: <span data-testid="balance-now">{formatMoney(record.balance)}</span> },
        {
          label: '调整后余额',
          children: (
            <Typography.Text type={overdrawn ? 'danger' : undefined} strong={overdrawn} data-testid="balance-after">
              {formatMoney(after)}
            </Typography.Text>
          ),
        },
      ]}
      confirm={(values) => ({
        title: '确认调整余额？',
        content: `${record.username ?? ''} 的余额将${values.amount > 0 ? '增加' : '减少'} ${formatMoney(Math.abs(values.amount))}`,
        okText: '确认',
      })}
      send={(values) => api.post('/api/user/money', { id: record.id, amount: values.amount, remark: values.remark.trim() })}
      success="余额已调整"
      onClose={onClose}
      onDone={onDone}
    >
      <AmountItem
        label="调整金额（美元，负数为扣减）"
        min={-1_000_000}
        max={1_000_000}
        rules={[
          { required: true, message: '请输入调整金额' },
          { validator: (_, v) => (v === 0 ? Promise.reject(new Error('金额不能为 0')) : Promise.resolve()) },
          {
            validator: (_, v) =>
              typeof v === 'number' && toCents(addMoney(record.balance, v)) < 0
                ? Promise.reject(new Error(`扣减金额超过当前余额 ${formatMoney(record.balance)}`))
                : Promise.resolve(),
          },
        ]}
      />
      <RemarkItem />
    </ConfirmedFormDialog>
  );
}
