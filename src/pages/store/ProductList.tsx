import { SearchOutlined } from '@ant-design/icons';
import { Button, Empty, Segmented, Skeleton } from 'antd';
// The field alone: antd's Input index brings its TextArea, Password, Search and OTP along.
import Input from 'antd/es/input/Input';
import { Outcome } from '../../framework/Outcome';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import type { StoreItem } from './api';
import { groupProducts, isSoldOut, type StoreSort } from './catalog';
import { ServiceSection } from './ServiceSection';
import type { StoreProducts } from './use-store-products';

/** A store this small shows every service open; a bigger one folds them to one line each. */
const OPEN_ALL_UP_TO = 20;

const SORTS: { label: string; value: StoreSort }[] = [
  { label: '默认', value: 'default' },
  { label: '价格最低', value: 'price' },
  { label: '库存最多', value: 'stock' },
];

interface Props {
  products: StoreProducts;
  action?: (item: StoreItem) => ReactNode;
}

/**
 * The products as activation sites list them: service → countries with price, stock and the
 * action; a search (service, country or title) and a sort on top. Services open and fold with a
 * tap; a search opens what it finds. Loading, empty and error-with-retry states.
 */
export function ProductList({ products, action }: Props) {
  const { items, loading, error, reload } = products;
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const composing = useRef(false);
  const [sort, setSort] = useState<StoreSort>('default');
  // Services the buyer opened or folded; the others follow the default.
  const [toggled, setToggled] = useState<Record<string, boolean>>({});
  const groups = useMemo(() => groupProducts(items, query, sort), [items, query, sort]);

  if (loading && items.length === 0) {
    return (
      <div className="store-list" aria-busy="true" aria-label="商品加载中">
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  }
  if (error && items.length === 0) {
    return (
      <Outcome
        status="warning"
        title="商品加载失败"
        subTitle={error}
        extra={
          <Button type="primary" onClick={reload}>
            重试
          </Button>
        }
      />
    );
  }
  if (items.length === 0) return <Empty className="product-empty" description="暂无在售商品" />;

  const search = (value: string) => {
    setQuery(value);
    setToggled({});
  };
  const searching = query.trim() !== '';
  const isOpen = (key: string) => toggled[key] ?? (searching || items.length <= OPEN_ALL_UP_TO);
  const allOpen = groups.every((g) => isOpen(g.key));
  const found = groups.reduce((n, g) => n + g.items.length, 0);
  // What can be bought now is what the store counts; sold-out ones are listed last, counted apart.
  const onSale = items.filter((i) => !isSoldOut(i)).length;
  const servicesOnSale = groups.filter((g) => g.lowest !== null).length;
  const soldOut = items.length - onSale;

  return (
    <div className="store-list">
      <div className="store-list-toolbar">
        <Input
          className="store-search"
          allowClear
          prefix={<SearchOutlined />}
          placeholder="搜索服务、国家或商品"
          aria-label="搜索商品"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (!composing.current) search(e.target.value);
          }}
          // Typing Chinese: search once the characters are chosen, not on every letter of their spelling.
          onCompositionStart={() => {
            composing.current = true;
          }}
          onCompositionEnd={(e) => {
            composing.current = false;
            search(e.currentTarget.value);
          }}
        />
        <Segmented<StoreSort> className="store-sort" options={SORTS} value={sort} onChange={setSort} aria-label="排序" />
      </div>
      <div className="store-list-meta">
        <span data-testid="store-count">
          {searching
            ? `找到 ${found} 个商品`
            : `${servicesOnSale} 个服务，${onSale} 个商品在售${soldOut ? `（另有 ${soldOut} 个已售罄）` : ''}`}
        </span>
        {groups.length > 1 && (
          <Button type="link" size="small" onClick={() => setToggled(Object.fromEntries(groups.map((g) => [g.key, !allOpen])))}>
            {allOpen ? '全部收起' : '全部展开'}
          </Button>
        )}
      </div>
      {groups.length === 0 ? (
        <Empty className="product-empty" description="没有找到匹配的商品">
          <Button
            onClick={() => {
              setText('');
              search('');
            }}
          >
            清除搜索
          </Button>
        </Empty>
      ) : (
        groups.map((group) => (
          <ServiceSection
            key={group.key}
            group={group}
            open={isOpen(group.key)}
            action={action}
            onToggle={() => setToggled((old) => ({ ...old, [group.key]: !isOpen(group.key) }))}
          />
        ))
      )}
      {error && (
        <div className="store-list-error">
          <span>{error}</span>
          <Button size="small" onClick={reload}>
            重试
          </Button>
        </div>
      )}
    </div>
  );
}
