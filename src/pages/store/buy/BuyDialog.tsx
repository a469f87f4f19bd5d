import { Button, ConfigProvider, Modal } from 'antd';
import useCSSVarCls from 'antd/es/config-provider/hooks/useCSSVarCls';
import useInputNumberStyle from 'antd/es/input-number/style';
import { useContext, useState } from 'react';
import { useNavigate } from 'react-router';
import { formatMoney } from '../../../common/money';
import type { Purchase, Quote, StoreItem } from '../api';
import { BoughtLinks } from './BoughtLinks';
import { BuyForm } from './BuyForm';
import { ConfirmAbove } from './ConfirmAbove';
import { asksFirst, readConfirmAbove, saveConfirmAbove } from './confirm-above';
import { useBuy } from './use-buy';
import { useQuote } from './use-quote';
import { modal } from '../../../framework/notices';
import './buy.css';

const MY_LINKS = '/items/api/token';

interface Props {
  /** The product being bought; null: the dialog is closed. */
  item: StoreItem | null;
  onClose(): void;
  /** After a purchase (the store re-reads its stock). */
  onBought?(purchase: Purchase): void;
}

/**
 * 购买 in one dialog: quantity, total and balance after, then 支付 $x pays (a second confirmation only
 * above the amount the customer set); then the links bought.
 */
export function BuyDialog({ item, onClose, onBought }: Props) {
  useQuantityStyles();
  return (
    // No zoom or fade: the dialog shows in the frame after the tap instead of turning visible 0.3 s later.
    <Modal
      open={item !== null}
      onCancel={onClose}
      destroyOnHidden
      width={640}
      footer={null}
      maskClosable={false}
      title={item ? `购买：${item.title}` : '购买'}
      className="buy-dialog"
      transitionName=""
      maskTransitionName=""
    >
      {item && <BuySteps key={item.id} item={item} onClose={onClose} onBought={onBought} />}
    </Modal>
  );
}

/**
 * The quantity's input is drawn only as the dialog opens: antd generates its styles now, with the
 * closed dialog, instead of inserting them on the tap (a new stylesheet restyles and lays out the
 * whole page before the dialog can be painted: about 30 ms of a phone's 150 ms).
 */
function useQuantityStyles(): void {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const prefix = getPrefixCls('input-number');
  useInputNumberStyle(prefix, useCSSVarCls(prefix)); // as antd's InputNumber calls it: the same styles
}

function BuySteps({ item, onClose, onBought }: { item: StoreItem; onClose(): void; onBought?(p: Purchase): void }) {
  const navigate = useNavigate();
  const [quantity, setQuantity] = useState<number | null>(item.min_qty);
  const { quote, error: quoteError, loading: quoting, refresh } = useQuote(item.id, quantity);
  const { purchase, error: buyError, buying, buy, clearError } = useBuy();
  const [confirmAbove, setConfirmAbove] = useState(readConfirmAbove);

  if (purchase) {
    return (
      <>
        <BoughtLinks purchase={purchase} />
        <div className="buy-footer">
          <Button onClick={() => navigate(MY_LINKS)}>查看我的API</Button>
          <Button type="primary" onClick={onClose}>
            关闭
          </Button>
        </div>
      </>
    );
  }

  const ready = quote !== null && !quoting && quote.enough_balance && quote.enough_stock;
  const pay = async () => {
    if (!quote || quantity === null) return;
    const done = await buy(item.id, quantity);
    if (done) onBought?.(done);
    else refresh();
  };
  // The dialog already shows the total and the balance after: it pays at once, unless the customer
  // asked to confirm purchases above an amount.
  const submit = () => {
    if (!quote || quantity === null || buying) return;
    if (!asksFirst(quote.amount, confirmAbove)) {
      void pay();
      return;
    }
    modal.confirm({
      title: '确认购买？',
      content: `「${item.title}」× ${quantity}，共 ${formatMoney(quote.amount)}，超过您设置的 ${formatMoney((confirmAbove ?? 0) / 100)}，将从余额中扣除。`,
      okText: `确认支付 ${formatMoney(quote.amount)}`,
      cancelText: '再想想',
      onOk: pay,
    });
  };

  return (
    <>
      <BuyForm
        item={item}
        quantity={quantity}
        onQuantity={(v) => {
          clearError();
          setQuantity(v);
        }}
        quote={quote}
        quoting={quoting}
        error={buyError?.message ?? quoteError}
        onSubmit={ready ? submit : undefined}
      />
      <ConfirmAbove
        cents={confirmAbove}
        onChange={(cents) => {
          saveConfirmAbove(cents);
          setConfirmAbove(cents);
        }}
      />
      <div className="buy-footer">
        <Button onClick={onClose}>取消</Button>
        <Button type="primary" disabled={!ready} loading={buying} onClick={submit} data-testid="buy-submit">
          {payLabel(quote, quoting)}
        </Button>
      </div>
    </>
  );
}

/** The pay button names what it does and the total it takes. */
function payLabel(quote: Quote | null, quoting: boolean): string {
  if (quote && !quote.enough_balance) return '余额不足';
  if (!quote || quoting) return '支付';
  return `支付 ${formatMoney(quote.amount)}`;
}
