import { Alert, InputNumber, Spin } from 'antd';
import { useEffect, useRef, useState, type ComponentRef } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '../../../common/money';
import type { Quote, StoreItem } from '../api';
import { receiveLimitText, resetLimitText } from '../limits';

interface Props {
  item: StoreItem;
  quantity: number | null;
  onQuantity(value: number | null): void;
  quote: Quote | null;
  quoting: boolean;
  /** Why the quote or the purchase was refused (the server's words). */
  error: string | null;
  /** What Enter in the quantity does (立即购买's confirmation); absent while that cannot be bought. */
  onSubmit?(): void;
}

/**
 * The buy dialog's first step: how many (the cursor is there when it opens), what it costs, the
 * balance now and after. Enter does what 立即购买 does; pressed just after typing, it waits for that
 * quantity's quote, and does nothing if the quote does not allow buying it.
 */
export function BuyForm({ item, quantity, onQuantity, quote, quoting, error, onSubmit }: Props) {
  const input = useRef<ComponentRef<typeof InputNumber>>(null);
  const [entered, setEntered] = useState(false);
  const submit = useRef(onSubmit);
  submit.current = onSubmit;

  // The dialog opens hidden and is laid out a moment later: the cursor goes in once the quantity is on screen.
  useEffect(() => {
    const shown = new ResizeObserver((entries) => {
      if (!entries.some((e) => e.contentRect.width > 0)) return;
      shown.disconnect();
      input.current?.focus({ cursor: 'all' });
    });
    if (input.current) shown.observe(input.current.nativeElement);
    return () => shown.disconnect();
  }, []);
  useEffect(() => {
    if (!entered || quoting) return;
    setEntered(false);
    submit.current?.();
  }, [entered, quoting]);

  const short = quote !== null && !quote.enough_balance;
  const figure = (value: number | undefined, testId: string, danger = false) => (
    <span className={danger ? 'buy-figure buy-danger' : 'buy-figure'} data-testid={testId}>
      {quoting || value === undefined ? <Spin size="small" /> : formatMoney(value)}
    </span>
  );
  return (
    <div className="buy-form">
      <div className="buy-product">
        <span className="buy-product-title">{item.title}</span>
        <span className="buy-product-price">{formatMoney(quote?.unit_price ?? item.price)} / 个</span>
      </div>
      <label className="buy-row">
        <span className="buy-label">购买数量</span>
        <InputNumber
          ref={input}
          aria-label="购买数量"
          data-testid="buy-quantity"
          min={item.min_qty}
          max={item.max_qty}
          precision={0}
          step={1}
          value={quantity}
          onChange={(v) => onQuantity(typeof v === 'number' ? v : null)}
          onPressEnter={() => setEntered(true)}
          inputMode="numeric"
          style={{ width: 140 }}
        />
      </label>
      <div className="buy-hint">
        每次可购买 {item.min_qty}–{item.max_qty} 个{item.stock !== null && `，库存 ${item.stock} 个`}
      </div>
      <div className="buy-hint" data-testid="buy-limits">
        每个链接有效 {item.valid_hours} 小时，接码次数 {receiveLimitText(item.receive_limit)}，重提次数 {resetLimitText(item.reset_limit)}
      </div>
      <dl className="buy-figures">
        <div>
          <dt>合计</dt>
          <dd>{figure(quote?.amount, 'buy-total')}</dd>
        </div>
        <div>
          <dt>当前余额</dt>
          <dd>{figure(quote?.balance, 'buy-balance')}</dd>
        </div>
        <div>
          <dt>购买后余额</dt>
          <dd>
            {figure(quote?.balance_after, 'buy-balance-after', short)}
            {short && !quoting && (
              <Link to="/account/recharge" className="buy-recharge">
                去充值
              </Link>
            )}
          </dd>
        </div>
      </dl>
      {quote && !quote.enough_stock && !quoting && <Alert type="warning" showIcon message={`库存不足，当前仅剩 ${quote.stock ?? 0} 个`} />}
      {error && <Alert type="error" showIcon message={error} data-testid="buy-error" />}
    </div>
  );
}
