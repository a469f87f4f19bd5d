import { ConfigProvider } from 'antd';
import { renderToString } from 'react-dom/server';
import type { StorePage } from '../pages/store/api';
import { LoginToBuy } from '../pages/store/LoginToBuy';
import { ProductList } from '../pages/store/ProductList';
import { ANTD_CONFIG } from './antd-config';

const idle = () => undefined;

/** The public store's products as the app lists them (before its code has loaded: the buttons wait for it). */
export function StoreCards({ page }: { page: StorePage }) {
  const products = { items: page.list, loading: false, error: null, reload: idle };
  return (
    <ConfigProvider {...ANTD_CONFIG}>
      <ProductList products={products} action={() => <LoginToBuy />} />
    </ConfigProvider>
  );
}

/**
 * The products' HTML for the server to send with GET /store, so they are on screen at the first
 * paint; their CSS is in that page already (scripts/prerender.mjs). Built for Node by that script.
 */
export function renderStoreProducts(page: StorePage): string {
  return renderToString(<StoreCards page={page} />);
}
