import { App, Form } from 'antd';
import type { RowActionProps } from '../../framework/registry';
import { api } from '../../providers/http';
import { ConfirmedFormDialog, RemarkItem } from '../../common/ConfirmedFormDialog';
import { formatMoney } from '../../common/money';

/**
 * A whole link paid back (what its unit cost on its order) with a remark, after a confirmation: the
 * link stops receiving codes, the customer's balance gets a refund ledger row.
 */
export default function TokenRefundDialog({ record, onDone, onClose }: RowActionProps & { onClose(): void }) {
  const [form] = Form.useForm<{ remark: string }>();
  const { message } = App.useApp();
  const customer = record.user_id_label ?? `用户 ${record.user_id ?? ''}`;

  return (
    <ConfirmedFormDialog form={form} title={`链接退款 - ${record.identifier}`} okText="退款" okDanger
      facts={[
        { label: '用户', children: customer },
        { label: '商品', children: record.goods_id_label ?? record.goods_id },
        { label: '到期时间', children: record.expires_at },
      ]}
      confirm={() => ({
        title: `确认退款链接 ${record.identifier}？`,
        content: `该链接的购买金额将全部退回 ${customer} 的余额，链接立即停止接码，不可撤回。`,
        okText: '确认退款', danger: true,
      })}
      send={async ({ remark }) => {
        const r = await api.post<{ amount: number }>('/api/token/refund', { id: record.id, remark: remark.trim() });
        message.info(`已退还 ${formatMoney(r.amount)} 给 ${customer}`);
      }}
      success="链接已退款" onClose={onClose} onDone={onDone}>
      <RemarkItem label="退款备注" />
    </ConfirmedFormDialog>
  );
}
