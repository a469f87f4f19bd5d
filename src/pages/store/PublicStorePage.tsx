import { Button } from 'antd';
import { Suspense, lazy, useState } from 'react';
import { Link } from 'react-router';
import { takeFirstProducts } from './first-products';
import { isResellerSite, siteName } from '../../common/site';
import { useHydrated } from '../../common/use-hydrated';
import './store.css';
import './products.css';

// The products and the contact block bring the http client, antd's cards and the HTML sanitizer:
// they load after the first paint.
const PublicProducts = lazy(() => import('./PublicProducts'));
const StoreContact = lazy(() => import('./StoreContact'));
// A reseller's site: its notice (its own, never the main site's), once the page has been hydrated.
const SiteNotice = lazy(() => import('../../common/SiteNotice'));

/**
 * The public store for visitors: the products on sale at list prices (buying needs an account) and
 * how to reach us. Plain markup rather than antd's Layout and Typography keeps this landing page
 * light; it is in the entry bundle so visitors see it without waiting for a lazy chunk. The server
 * sends the products already drawn: they stay on screen until the live list, given the same data,
 * takes their place.
 */
export default function PublicStorePage() {
  const [first] = useState(takeFirstProducts);
  const hydrated = useHydrated();
  return (
    <div className="store-page">
      <header className="store-header">
        <span className="store-brand">{siteName()}</span>
        <nav className="store-nav">
          <Link to="/login">
            <Button type="primary">登录</Button>
          </Link>
          <Link to="/register">
            <Button>注册</Button>
          </Link>
        </nav>
      </header>
      <main className="store-main">
        <section className="store-intro">
          <h1>API 商城</h1>
          <p>
            购买后得到接码链接，打开即可查看验证码，也可以用 SMS-Activate 脚本接入。这里显示新账户的价格，登录后按您账户的分组和折扣计价。
          </p>
        </section>
        {hydrated && isResellerSite() && (
          <Suspense fallback={null}>
            <SiteNotice className="store-panel store-notice" />
          </Suspense>
        )}
        <section className="store-products" aria-label="商品列表">
          <Suspense
            fallback={
              first ? (
                <div className="store-products-snapshot" dangerouslySetInnerHTML={{ __html: first.html }} />
              ) : (
                <div className="store-products-loading" role="status" aria-label="商品加载中" />
              )
            }
          >
            <PublicProducts first={first?.page} />
          </Suspense>
        </section>
        <section className="store-panel">
          <h2>联系我们</h2>
          <Suspense fallback={<div className="store-contact-loading" />}>
            <StoreContact />
          </Suspense>
        </section>
      </main>
    </div>
  );
}
