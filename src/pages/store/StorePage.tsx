import { Button, Card, Input, Tooltip } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { roleOf } from '../../../resources.config';
import { useAuthState } from '../../providers/use-auth-state';
import { BuyDialog } from './buy/BuyDialog';
import type { StoreItem } from './api';
import { isSoldOut } from './ProductCard';
import { ProductGrid } from './ProductGrid';
import { useBuyOnArrival } from './use-buy-on-arrival';
import { useStoreProducts } from './use-store-products';
import './products.css';

/**
 * API商城 in the console: the products at this customer's prices, searchable, each with 购买; opened
 * from 登录后购买 (`?buy=<id>`), with that product's buy dialog open.
 */
export default function StorePage() {
  const [keyword, setKeyword] = useState('');
  const products = useStoreProducts(keyword);
  const [buying, setBuying] = useState<StoreItem | null>(null);
  const customer = roleOf(useAuthState().type) === 'customer';
  useBuyOnArrival(setBuying, customer);

  const action = (item: StoreItem) => {
    if (!customer) return <Tooltip title="管理员账号不能购买"><Button disabled>购买</Button></Tooltip>;
    return isSoldOut(item)
      ? <Button disabled>已售罄</Button>
      : <Button type="primary" onClick={() => setBuying(item)}>购买</Button>;
  };

  return (
    <Card title="API商城" size="small">
      <div className="store-toolbar">
        <Input.Search allowClear placeholder="搜索商品名称或服务代码" aria-label="搜索商品" onSearch={(v) => setKeyword(v)} enterButton />
        <span className="store-tip">
          购买后得到接码链接；用 SMS-Activate 脚本接入时，填写卡片上的服务代码和国家编号（API 密钥见 <Link to="/user/info">修改信息</Link>）。
        </span>
      </div>
      <ProductGrid products={products} action={action} emptyText={keyword ? '没有找到匹配的商品' : '暂无在售商品'} />
      <BuyDialog item={buying} onClose={() => setBuying(null)} onBought={() => void products.reload()} />
    </Card>
  );
}
