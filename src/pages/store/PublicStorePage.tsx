import { InfoCircleFilled } from '@ant-design/icons';
import { Button } from 'antd';
import { Suspense, lazy } from 'react';
import { Link } from 'react-router';
import './store.css';

// The contact block brings the http client and the HTML sanitizer: it loads after the first paint.
const StoreContact = lazy(() => import('./StoreContact'));

/**
 * The public store for visitors: the store business arrives in a later release, and the page says so.
 * Plain markup rather than antd's Layout, Card, Result and Typography keeps this landing page light;
 * it is in the entry bundle so visitors see it without waiting for a lazy chunk.
 */
export default function PublicStorePage() {
  return (
    <div className="store-page">
      <header className="store-header">
        <span className="store-brand">接码平台</span>
        <nav className="store-nav">
          <Link to="/login"><Button type="primary">登录</Button></Link>
          <Link to="/register"><Button>注册</Button></Link>
        </nav>
      </header>
      <main className="store-main">
        <section className="store-panel store-soon">
          <InfoCircleFilled className="store-soon-icon" />
          <h1>API 商城即将上线</h1>
          <p>验证码接收 API 的在线选购将在后续版本开放。现在可以先注册账号，上线后即可直接使用。</p>
          <Link to="/register"><Button type="primary">注册账号</Button></Link>
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
