import { formatMoney } from '../../common/money';
import { SafeHtml } from '../../common/SafeHtml';
import type { StoreItem } from './api';
import { receiveLimitText, resetLimitText } from './limits';

const CHANNEL: Record<string, string> = { sms: '短信', mail: '邮箱' };

/**
 * A product's card as a customer weighs it, opened from its row (详情): what it is, how long a link
 * lives, how many codes and resets it allows, and the service code and country number a
 * SMS-Activate script asks for.
 */
export function ProductDetails({ item }: { item: StoreItem }) {
  return (
    <div className="product-details" data-testid="product-details">
      {item.description && <SafeHtml className="product-desc" html={item.description} />}
      <dl className="product-facts">
        <div>
          <dt>有效期</dt>
          <dd>{item.valid_hours} 小时</dd>
        </div>
        <div>
          <dt>接码次数</dt>
          <dd>{receiveLimitText(item.receive_limit)}</dd>
        </div>
        <div>
          <dt>重提次数</dt>
          <dd>{resetLimitText(item.reset_limit)}</dd>
        </div>
        <div>
          <dt>服务代码</dt>
          <dd>
            <code data-testid="product-service">{item.service || '-'}</code>
          </dd>
        </div>
        <div>
          <dt>国家编号</dt>
          <dd>
            <code data-testid="product-country">{item.country ?? 0}</code>
          </dd>
        </div>
        <div>
          <dt>类型</dt>
          <dd>{CHANNEL[item.channel] ?? item.channel}</dd>
        </div>
      </dl>
      <ul className="product-notes">
        <li>
          每次购买 {item.min_qty}–{item.max_qty} 个
        </li>
        {item.renew_price > 0 && <li>可续费 {formatMoney(item.renew_price)} / 天</li>}
        {item.code_wait_minutes > 0 && <li>{item.code_wait_minutes} 分钟内未收到验证码自动退款</li>}
      </ul>
    </div>
  );
}
