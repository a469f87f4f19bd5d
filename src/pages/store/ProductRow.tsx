import { Button, Tag } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { countryName } from '../../common/countries';
import { formatMoney } from '../../common/money';
import type { StoreItem } from './api';
import { isSoldOut } from './catalog';
import { later } from '../../framework/later';

// The full card (and its HTML sanitiser) loads when the page is quiet or when a row is opened.
const detailsCode = later(() => import('./ProductDetails'));

function Details({ item }: { item: StoreItem }) {
  const ProductDetails = detailsCode.use()?.ProductDetails;
  useEffect(() => {
    detailsCode.load().catch(() => undefined);
  }, []);
  return ProductDetails ? (
    <ProductDetails item={item} />
  ) : (
    <div className="store-offer-details-loading" role="status">
      加载中…
    </div>
  );
}

/**
 * One product in its service's list: the country (and the product's own title), the price this
 * customer pays, the stock, 详情 (the full card, opened in place) and `action` (购买 in the console,
 * 登录后购买 on the public store).
 */
export function ProductRow({ item, action }: { item: StoreItem; action?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const soldOut = isSoldOut(item);
  return (
    <div className={soldOut ? 'store-offer store-offer-sold-out' : 'store-offer'} data-testid="product-card">
      <div className="store-offer-place">
        <span className="store-offer-country" data-testid="product-country-name">
          {countryName(item.country)}
        </span>
        <span className="store-offer-title" title={item.title}>
          {item.title}
        </span>
        {item.channel === 'mail' && (
          <Tag color="purple" className="store-offer-tag">
            邮箱
          </Tag>
        )}
      </div>
      <div className="store-offer-price">
        <span className="store-offer-price-now" data-testid="product-price">
          {formatMoney(item.price)}
        </span>
        {item.price < item.base_price && <del className="store-offer-price-base">{formatMoney(item.base_price)}</del>}
      </div>
      <div className={soldOut ? 'store-offer-stock product-sold-out' : 'store-offer-stock'}>
        {!soldOut && <span className="store-offer-label">库存</span>}
        <span data-testid="product-stock">{item.stock === null ? '充足' : soldOut ? '已售罄' : item.stock}</span>
      </div>
      <div className="store-offer-actions">
        <Button size="small" type="link" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? '收起' : '详情'}
        </Button>
        {action}
      </div>
      {open && (
        <div className="store-offer-details">
          <Details item={item} />
        </div>
      )}
    </div>
  );
}
