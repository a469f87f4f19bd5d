import { Button, Card, Empty, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import type { StoreItem } from './api';
import { ProductCard } from './ProductCard';
import type { useStoreProducts } from './use-store-products';

interface Props {
  products: ReturnType<typeof useStoreProducts>;
  action?: (item: StoreItem) => ReactNode;
  emptyText?: string;
}

/** The products as cards (one column on a phone), with loading, empty and error-with-retry states. */
export function ProductGrid({ products, action, emptyText = '暂无在售商品' }: Props) {
  const { items, loading, error, hasMore, loadingMore, reload, loadMore } = products;
  if (loading && items.length === 0) {
    return (
      <div className="product-grid" aria-busy="true" aria-label="商品加载中">
        {[0, 1, 2].map((i) => <Card key={i} size="small" className="product-card"><Skeleton active paragraph={{ rows: 5 }} /></Card>)}
      </div>
    );
  }
  if (error && items.length === 0) {
    return <Result status="warning" title="商品加载失败" subTitle={error} extra={<Button type="primary" onClick={reload}>重试</Button>} />;
  }
  if (items.length === 0) return <Empty className="product-empty" description={emptyText} />;
  return (
    <>
      <div className="product-grid" data-testid="product-grid">
        {items.map((item) => <ProductCard key={item.id} item={item} action={action?.(item)} />)}
      </div>
      {(hasMore || error) && (
        <div className="product-more">
          {error && <span className="product-more-error">{error}</span>}
          <Button onClick={error ? reload : loadMore} loading={loadingMore}>{error ? '重试' : '加载更多'}</Button>
        </div>
      )}
    </>
  );
}
