import { Alert } from 'antd';
import { formatMoney } from '../../../common/money';
import type { Purchase } from '../api';
import { CopyButton } from '../../../common/CopyButton';
import { ActivationList } from '../../../resources/links/activation/ActivationList';

const pair = (t: { identifier: string; url: string }) => `${t.identifier}----${t.url}`;

/**
 * After buying: the order, then one activation panel per number bought (its code appears there the
 * moment it arrives, with 取消 / 完成 / 重提), each with its link to hand on; every link can be copied
 * at once, alone or with its number (`identifier----link`, the line scripts and sellers exchange).
 */
export function BoughtLinks({ purchase }: { purchase: Purchase }) {
  const { tokens } = purchase;
  const urlOf = new Map(tokens.map((t) => [t.id, t]));
  return (
    <div className="bought">
      <Alert
        type="success"
        showIcon
        message={`购买成功，共 ${tokens.length} 个号码`}
        description={
          <>
            订单号 {purchase.order_no}，支付 {formatMoney(purchase.amount)}，当前余额{' '}
            <b data-testid="bought-balance">{formatMoney(purchase.balance)}</b>。号码也可以在「我的API」中查看。
          </>
        }
      />
      {tokens.length > 1 && (
        <div className="bought-tools">
          <CopyButton text={tokens.map((t) => t.url).join('\n')} label="复制全部链接" done={`已复制 ${tokens.length} 个链接`} />
          <CopyButton text={tokens.map(pair).join('\n')} label="复制全部号码和链接" done={`已复制 ${tokens.length} 行号码和链接`} />
        </div>
      )}
      <ActivationList
        source={{ orderId: purchase.order_id }}
        focusFirst
        extra={(link) => {
          const bought = urlOf.get(link.id);
          if (!bought) return null;
          return (
            <div className="bought-item" data-testid="bought-link">
              <a className="bought-url" href={bought.url} target="_blank" rel="noreferrer" data-testid="bought-url">
                {bought.url}
              </a>
              <div className="bought-actions">
                <CopyButton size="small" text={bought.url} label="复制链接" done="链接已复制" />
                <CopyButton size="small" text={pair(bought)} label="复制号码和链接" done="号码和链接已复制" />
              </div>
            </div>
          );
        }}
      />
    </div>
  );
}
