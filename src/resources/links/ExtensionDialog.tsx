import { useEffect, useState } from 'react';
import { Alert, Descriptions, Form, InputNumber, Modal, Spin, Typography } from 'antd';
import type { RowActionProps } from '../../framework/registry';
import { ApiError } from '../../providers/http';
import { refreshUserInfo } from '../../common/user-info';
import { formatMoney } from '../../common/money';
import { message, modal } from '../../framework/notices';

/** What the server prices an extension at: the same fields for a link's renewal and a rental's. */
export interface ExtensionQuote {
  amount: number;
  balance: number;
  balance_after: number;
  enough_balance: boolean;
  expires_at: string;
  expires_after: string;
}

export interface ExtensionDialogProps<Q extends ExtensionQuote> extends RowActionProps {
  onClose(): void;
  /** The action's word (续费, 续租), the unit counted (天, 小时) and what is extended (有效期, 租期). */
  verb: string;
  unit: string;
  term: string;
  initial: number;
  label: string;
  min: number;
  max?: number;
  ariaLabel: string;
  /** Prefix of the quote's, refusal's and balance's test ids. */
  testId: string;
  quote(id: number, amount: number): Promise<Q>;
  pay(id: number, amount: number): Promise<{ expires_at: string }>;
  priceLabel: string;
  price(q: Q): number;
  onQuote?(q: Q): void;
}

/**
 * An amount to add, priced by the server as it changes (unit price, total, balance now and after, the
 * new end), then a confirmation naming the amount. The header's balance is read again after.
 */
export default function ExtensionDialog<Q extends ExtensionQuote>(props: ExtensionDialogProps<Q>) {
  const { record, onDone, onClose, verb, unit, term, testId } = props;
  const [amount, setAmount] = useState<number | null>(props.initial);
  const [quote, setQuote] = useState<Q | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [paying, setPaying] = useState(false);
  const { quote: ask, onQuote } = props;

  useEffect(() => {
    if (!amount) {
      setQuote(null);
      return undefined;
    }
    let current = true;
    setLoading(true);
    // Typing 3 then 0 asks once for 30, not for 3 as well.
    const timer = setTimeout(() => {
      ask(record.id, amount)
        .then(
          (q) => {
            if (current) {
              setQuote(q);
              onQuote?.(q);
              setRefusal(null);
            }
          },
          (e) => {
            if (current) {
              setQuote(null);
              setRefusal(e instanceof ApiError ? e.message : '报价失败，请稍后重试');
            }
          },
        )
        .finally(() => {
          if (current) setLoading(false);
        });
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // The api functions are module constants; only the row and the amount ask for a new quote.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `ask` and `onQuote` may be new on every render: with them each render would ask again
  }, [record.id, amount]);

  const pay = () => {
    if (!quote || !amount) return;
    modal.confirm({
      title: `确认${verb} ${amount} ${unit}，支付 ${formatMoney(quote.amount)}？`,
      content: `${record.identifier} 的${term}将延长至 ${quote.expires_after}，余额变为 ${formatMoney(quote.balance_after)}。`,
      okText: '确认支付',
      cancelText: '取消',
      onOk: async () => {
        setPaying(true);
        try {
          const r = await props.pay(record.id, amount);
          message.success(`${verb}成功，${term}至 ${r.expires_at}`);
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
    <Modal
      open
      title={`${verb} - ${record.identifier}`}
      onCancel={onClose}
      onOk={pay}
      okText={verb}
      cancelText="取消"
      okButtonProps={{ disabled: !quote || short || loading }}
      confirmLoading={paying}
    >
      <Form layout="vertical">
        <Form.Item label={props.label}>
          <InputNumber
            min={props.min}
            max={props.max}
            precision={0}
            value={amount}
            onChange={(v) => setAmount(v)}
            addonAfter={unit}
            style={{ width: '100%' }}
            aria-label={props.ariaLabel}
          />
        </Form.Item>
      </Form>
      {refusal && <Alert type="error" showIcon message={refusal} data-testid={`${testId}-refusal`} />}
      <Spin spinning={loading}>
        {quote && (
          <Descriptions size="small" column={1} bordered data-testid={`${testId}-quote`}>
            <Descriptions.Item label={props.priceLabel}>
              {formatMoney(props.price(quote))} / {unit}
            </Descriptions.Item>
            <Descriptions.Item label="应付金额">
              <Typography.Text strong>{formatMoney(quote.amount)}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="当前余额">{formatMoney(quote.balance)}</Descriptions.Item>
            <Descriptions.Item label={`${verb}后余额`}>
              <Typography.Text type={short ? 'danger' : undefined} data-testid={`${testId}-balance-after`}>
                {formatMoney(quote.balance_after)}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="当前到期">{quote.expires_at}</Descriptions.Item>
            <Descriptions.Item label={`${verb}后到期`}>{quote.expires_after}</Descriptions.Item>
          </Descriptions>
        )}
      </Spin>
      {short && <Alert type="warning" showIcon style={{ marginTop: 12 }} message="余额不足，请先充值" />}
    </Modal>
  );
}
