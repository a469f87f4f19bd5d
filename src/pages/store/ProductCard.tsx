import { Card, Tag } from 'antd';
import type { ReactNode } from 'react';
import { formatMoney } from '../../common/money';
import { SafeHtml } from '../../common/SafeHtml';
import type { StoreItem } from './api';
import { receiveLimitText, resetLimitText } from './limits';

const CHANNEL: Record<string, string> = { sms: '短信', mail: '邮箱' };

/**
 * One product as a customer weighs it: the price they pay, stock, how long a link lives, how many
 * codes and resets it allows, and the service code and country a SMS-Activate script asks for.
 * `action` is the button (buy in the console, log in on the public store).
 */
export function ProductCard({ item, action }: { item: StoreItem; action?: ReactNode }) {
  const discounted = item.price < item.base_price;
  const soldOut = item.stock !== null && item.stock <= 0;
  return (
    <Card size="small" className="product-card" data-testid="product-card"
      title={<span className="product-title" title={item.title}>{item.title}</span>}
      extra={<Tag color={item.channel === 'mail' ? 'purple' : 'blue'}>{CHANNEL[item.channel] ?? item.channel}</Tag>}>
      <div className="product-price">
        <span className="product-price-now" data-testid="product-price">{formatMoney(item.price)}</span>
        <span className="product-unit">/ 个</span>
        {discounted && <del className="product-price-base">{formatMoney(item.base_price)}</del>}
      </div>
      {item.description && <SafeHtml className="product-desc" html={item.description} />}
      <dl className="product-facts">
        <div><dt>库存</dt><dd data-testid="product-stock" className={soldOut ? 'product-sold-out' : undefined}>
          {item.stock === null ? '充足' : soldOut ? '已售罄' : item.stock}
        </dd></div>
        <div><dt>有效期</dt><dd>{item.valid_hours} 小时</dd></div>
        <div><dt>接码次数</dt><dd>{receiveLimitText(item.receive_limit)}</dd></div>
        <div><dt>重提次数</dt><dd>{resetLimitText(item.reset_limit)}</dd></div>
        <div><dt>服务代码</dt><dd><code data-testid="product-service">{item.service || '-'}</code></dd></div>
        <div><dt>国家编号</dt><dd><code data-testid="product-country">{item.country ?? 0}</code></dd></div>
      </dl>
      <ul className="product-notes">
        <li>每次购买 {item.min_qty}–{item.max_qty} 个</li>
        {item.renew_price > 0 && <li>可续费 {formatMoney(item.renew_price)} / 天</li>}
        {item.code_wait_minutes > 0 && <li>{item.code_wait_minutes} 分钟内未收到验证码自动退款</li>}
      </ul>
      {action && <div className="product-action">{action}</div>}
    </Card>
  );
}

export const isSoldOut = (item: StoreItem) => item.stock !== null && item.stock <= 0;
