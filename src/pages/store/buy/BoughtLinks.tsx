import { Alert } from 'antd';
import { formatMoney } from '../../../common/money';
import type { Purchase } from '../api';
import { CopyButton } from '../../../common/CopyButton';

const pair = (t: { identifier: string; url: string }) => `${t.identifier}----${t.url}`;

/** After buying: the order, and every link bought with buttons to copy it, alone or as `identifier----link`. */
export function BoughtLinks({ purchase }: { purchase: Purchase }) {
  const { tokens } = purchase;
  return (
    <div className="bought">
      <Alert type="success" showIcon message={`购买成功，共 ${tokens.length} 个链接`}
        description={<>订单号 {purchase.order_no}，支付 {formatMoney(purchase.amount)}，当前余额 <b data-testid="bought-balance">{formatMoney(purchase.balance)}</b>。链接也可以在「我的API」中查看。</>} />
      <div className="bought-tools">
        <CopyButton type="primary" text={tokens.map((t) => t.url).join('\n')} label="复制全部链接" done={`已复制 ${tokens.length} 个链接`} />
        <CopyButton text={tokens.map(pair).join('\n')} label="复制全部 号码----链接" done={`已复制 ${tokens.length} 行 号码----链接`} />
      </div>
      <ul className="bought-list">
        {tokens.map((t) => (
          <li key={t.id} className="bought-item" data-testid="bought-link">
            <div className="bought-identifier" data-testid="bought-identifier">{t.identifier}</div>
            <a className="bought-url" href={t.url} target="_blank" rel="noreferrer" data-testid="bought-url">{t.url}</a>
            <div className="bought-actions">
              <CopyButton size="small" text={t.url} label="复制链接" done="链接已复制" />
              <CopyButton size="small" text={pair(t)} label="复制 号码----链接" done="号码----链接已复制" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
