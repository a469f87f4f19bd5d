import { ConfigProvider } from 'antd';
import { renderToString } from 'react-dom/server';
import type { StorePage } from '../pages/store/api';
import { LoginToBuy } from '../pages/store/LoginToBuy';
import { ProductGrid } from '../pages/store/ProductGrid';
import { ANTD_CONFIG } from './antd-config';

const idle = async () => undefined;

/** The public store's products as the app draws them (before its code has loaded: the buttons wait for it). */
export function StoreCards({ page }: { page: StorePage }) {
  const products = {
    items: page.list, total: page.total, loading: false, loadingMore: false, error: null,
    hasMore: page.list.length < page.total, reload: idle, loadMore: idle,
  };
  return <ConfigProvider {...ANTD_CONFIG}><ProductGrid products={products} action={() => <LoginToBuy />} /></ConfigProvider>;
}

/**
 * The products' HTML for the server to send with GET /store, so they are on screen at the first
 * paint; their CSS is in that page already (scripts/prerender.mjs). Built for Node by that script.
 */
export function renderStoreProducts(page: StorePage): string {
  return renderToString(<StoreCards page={page} />);
}
