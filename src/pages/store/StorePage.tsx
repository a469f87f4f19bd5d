import { Button } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { roleOf } from '../../../resources.config';
import { later } from '../../framework/later';
import { Panel } from '../../framework/page/Panel';
import { useAuthState } from '../../providers/use-auth-state';
import type { StoreItem } from './api';
import { isSoldOut } from './catalog';
import { ProductList } from './ProductList';
import { useBuyOnArrival } from './use-buy-on-arrival';
import { useStoreProducts } from './use-store-products';
import './products.css';

// The buy dialog's code (its form and inputs) loads once the products are on screen: the next thing
// a customer here reaches for, it comes ahead of what else the console fetches once quiet.
const buyDialogCode = later(() => import('./buy/BuyDialog'));

/**
 * API商城 in the console: the products at this customer's prices by service and country, each with
 * 购买; opened from 登录后购买 (`?buy=<id>`), with that product's buy dialog open.
 */
export default function StorePage() {
  // Its first page was fetched ahead (the screen's first call): the list, drawn just after the panel,
  // takes it as it asks.
  const products = useStoreProducts();
  const [buying, setBuying] = useState<StoreItem | null>(null);
  const customer = roleOf(useAuthState().type) === 'customer';
  useBuyOnArrival(setBuying, customer);
  const BuyDialog = buyDialogCode.use()?.BuyDialog;
  const shown = Boolean(buying) || !products.loading;
  useEffect(() => {
    if (shown) buyDialogCode.load().catch(() => undefined);
  }, [shown]);

  const action = useCallback(
    (item: StoreItem) => {
      // The browser's own tooltip: antd's would bring its popup code to every customer's store.
      if (!customer)
        return (
          <span title="管理员账号不能购买">
            <Button size="small" disabled>
              购买
            </Button>
          </span>
        );
      return isSoldOut(item) ? (
        <Button size="small" disabled>
          已售罄
        </Button>
      ) : (
        <Button size="small" type="primary" onClick={() => setBuying(item)}>
          购买
        </Button>
      );
    },
    [customer],
  );
  // A tap on 购买 redraws the dialog, not the whole list under it.
  const list = useMemo(() => <ProductList products={products} action={action} />, [products, action]);

  return (
    <Panel title="API商城" size="small">
      <p className="store-tip">
        购买后得到号码和接码链接；用 SMS-Activate 脚本接入时，填写详情中的服务代码和国家编号（接口密钥见{' '}
        <Link to="/user/info">修改信息</Link>）。
      </p>
      {list}
      {BuyDialog && <BuyDialog item={buying} onClose={() => setBuying(null)} onBought={() => products.reload()} />}
    </Panel>
  );
}
