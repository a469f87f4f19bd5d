import { useEffect, useState } from 'react';
import { Alert, App, Descriptions, Form, InputNumber, Modal, Spin, Typography } from 'antd';
import type { RowActionProps } from '../../framework/registry';
import { ApiError } from '../../providers/http';
import { refreshUserInfo } from '../../common/user-info';
import { formatMoney } from '../../common/money';
import { renewApi, type RenewQuote } from './renew-api';

const MAX_DAYS = 365;

/**
 * Days to add, priced by the server as they change (price per day, total, balance now and after, the
 * new expiry), then a confirmation naming the amount. The header's balance is read again after.
 */
export default function TokenRenewDialog({ record, onDone, onClose }: RowActionProps & { onClose(): void }) {
  const { modal, message } = App.useApp();
  const [days, setDays] = useState<number | null>(1);
  const [quote, setQuote] = useState<RenewQuote | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [paying, setPaying] = useState(false);

  useEffect(() => {
    if (!days) { setQuote(null); return undefined; }
    let current = true;
    setLoading(true);
    // Typing 3 then 0 asks once for 30, not for 3 as well.
    const timer = setTimeout(() => {
      renewApi.quote(record.id, days).then(
        (q) => { if (current) { setQuote(q); setRefusal(null); } },
        (e) => { if (current) { setQuote(null); setRefusal(e instanceof ApiError ? e.message : '报价失败，请稍后重试'); } },
      ).finally(() => { if (current) setLoading(false); });
    }, 250);
    return () => { current = false; clearTimeout(timer); };
  }, [record.id, days]);

  const pay = () => {
    if (!quote || !days) return;
    modal.confirm({
      title: `确认续费 ${days} 天，支付 ${formatMoney(quote.amount)}？`,
      content: `${record.identifier} 的有效期将延长至 ${quote.expires_after}，余额变为 ${formatMoney(quote.balance_after)}。`,
      okText: '确认支付', cancelText: '取消',
      onOk: async () => {
        setPaying(true);
        try {
          const r = await renewApi.augment(record.id, days);
          message.success(`续费成功，有效期至 ${r.expires_at}`);
          void refreshUserInfo();
          onClose();
          onDone();
        } catch {
          // The server's reason is shown by the http client.
        } finally {
          setPaying(false);
        }
      },
    });
  };

  const short = quote !== null && !quote.enough_balance;
  return (
    <Modal open title={`续费 - ${record.identifier}`} onCancel={onClose} onOk={pay} okText="续费" cancelText="取消"
      okButtonProps={{ disabled: !quote || short || loading }} confirmLoading={paying}>
      <Form layout="vertical">
        <Form.Item label={`续费天数（1-${MAX_DAYS}）`}>
          <InputNumber min={1} max={MAX_DAYS} precision={0} value={days} onChange={(v) => setDays(v)} addonAfter="天"
            style={{ width: '100%' }} aria-label="续费天数" />
        </Form.Item>
      </Form>
      {refusal && <Alert type="error" showIcon message={refusal} data-testid="renew-refusal" />}
      <Spin spinning={loading}>
        {quote && (
          <Descriptions size="small" column={1} bordered data-testid="renew-quote">
            <Descriptions.Item label="续费单价">{formatMoney(quote.renew_price)} / 天</Descriptions.Item>
            <Descriptions.Item label="应付金额"><Typography.Text strong>{formatMoney(quote.amount)}</Typography.Text></Descriptions.Item>
            <Descriptions.Item label="当前余额">{formatMoney(quote.balance)}</Descriptions.Item>
            <Descriptions.Item label="续费后余额">
              <Typography.Text type={short ? 'danger' : undefined} data-testid="renew-balance-after">{formatMoney(quote.balance_after)}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="当前到期">{quote.expires_at}</Descriptions.Item>
            <Descriptions.Item label="续费后到期">{quote.expires_after}</Descriptions.Item>
          </Descriptions>
        )}
      </Spin>
      {short && <Alert type="warning" showIcon style={{ marginTop: 12 }} message="余额不足，请先充值" />}
    </Modal>
  );
}
