import { InfoCircleFilled } from '@ant-design/icons';
import { Button, Empty, Skeleton } from 'antd';
import { Link } from 'react-router';
import { SafeHtml } from '../shared/SafeHtml';
import { useContact } from '../shared/use-contact';
import './store.css';

/**
 * The public store for visitors: the store business arrives in a later release, and the page says so.
 * Plain markup rather than antd's Layout, Card, Result and Typography keeps this landing page light.
 */
export default function PublicStorePage() {
  const { content, loading } = useContact();
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
          {loading ? <Skeleton active paragraph={{ rows: 3 }} />
            : content ? <SafeHtml html={content} /> : <Empty description="暂无联系方式" />}
        </section>
      </main>
    </div>
  );
}
