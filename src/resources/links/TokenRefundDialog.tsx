import { useEffect, useRef, useState } from 'react';
import { Alert, Form, Spin, Typography } from 'antd';
import type { RowActionProps } from '../../framework/registry';
import { ApiError } from '../../providers/http';
import { ConfirmedFormDialog, RemarkItem } from '../../common/ConfirmedFormDialog';
import { formatMoney } from '../../common/money';
import { linkRefundApi, type LinkRefundPreview } from './refund-api';
import { message } from '../../framework/notices';

/**
 * A whole link paid back (its share of the purchase and what is left of its renewals) with a remark.
 * The server's preview says how much goes back to whom as the dialog opens, and the confirmation
 * repeats it; the refund is sent with that amount, so the sup is never shown one amount and paid
 * another. The link stops receiving codes, the customer's balance gets a refund ledger row.
 */
export default function TokenRefundDialog({ record, onDone, onClose }: RowActionProps & { onClose(): void }) {
  const [form] = Form.useForm<{ remark: string }>();
  const asked = useRef<Promise<LinkRefundPreview> | null>(null);
  const ask = () => (asked.current ??= linkRefundApi.preview(record.id));
  const [preview, setPreview] = useState<LinkRefundPreview | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    ask().then(
      (p) => {
        if (current) setPreview(p);
      },
      (e) => {
        if (current) setRefusal(e instanceof ApiError ? e.message : '退款金额读取失败，请稍后重试');
      },
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per dialog: `ask` is new on every render and keeps its one preview itself
  }, []); // One preview per dialog: `ask` keeps it.

  const customer = preview?.username ?? record.user_id_label ?? `用户 ${record.user_id ?? ''}`;
  return (
    <ConfirmedFormDialog
      form={form}
      title={`链接退款 - ${record.identifier}`}
      okText="退款"
      okDanger
      facts={[
        { label: '用户', children: customer },
        { label: '商品', children: record.goods_id_label ?? record.goods_id },
        { label: '到期时间', children: record.expires_at },
        {
          label: '退款金额',
          children: preview ? (
            <Typography.Text strong data-testid="refund-amount">
              {formatMoney(preview.amount)}
            </Typography.Text>
          ) : refusal ? (
            '—'
          ) : (
            <Spin size="small" />
          ),
        },
      ]}
      confirm={async () => {
        const p = await ask();
        return {
          title: `确认退款链接 ${record.identifier}？`,
          content: `将退款 ${formatMoney(p.amount)} 给 ${p.username}（退回余额），链接立即停止接码，不可撤回。`,
          okText: '确认退款',
          danger: true,
        };
      }}
      send={async ({ remark }) => {
        const p = await ask();
        const r = await linkRefundApi.refund(record.id, remark.trim(), p.amount);
        message.info(`已退还 ${formatMoney(r.amount)} 给 ${p.username}`);
      }}
      success="链接已退款"
      onClose={onClose}
      onDone={onDone}
    >
      {preview && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="refund-preview"
          message={`将退款 ${formatMoney(preview.amount)} 给 ${preview.username}`}
        />
      )}
      {refusal && <Alert type="error" showIcon style={{ marginBottom: 16 }} message={refusal} data-testid="refund-refusal" />}
      <RemarkItem label="退款备注" />
    </ConfirmedFormDialog>
  );
}
