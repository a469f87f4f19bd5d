import { Layout, Spin } from 'antd';
import { Suspense, useState } from 'react';
import { Link, Outlet } from 'react-router';
import AnnouncementModal from './AnnouncementModal';
import HeaderBar from './HeaderBar';
import RouteProgress, { ProgressFallback } from './RouteProgress';
import SideMenu from './SideMenu';
import { useShellMenu } from './use-shell-menu';
import './shell.css';

export const SIDER_WIDTH = 248;
/** antd's `md` breakpoint: the sider collapses below 768 px. */
const NARROW = '(max-width: 767.98px)';
const isNarrow = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(NARROW).matches;

/** The console's frame: sider with brand and menu, header, the current screen, announcement, progress bar. */
export default function Shell() {
  const [collapsed, setCollapsed] = useState(isNarrow);
  const { menu, found, crumbs } = useShellMenu();
  const selected = found ? { section: found.section.key, route: found.item.route } : undefined;

  return (
    <Layout className="shell" style={{ minHeight: '100vh' }}>
      <Layout.Sider
        className="shell-sider" width={SIDER_WIDTH} collapsible trigger={null} collapsed={collapsed}
        breakpoint="md" onBreakpoint={setCollapsed} data-testid="sider"
      >
        <Link to="/home" className="shell-brand" data-testid="brand" title="接码平台">
          {collapsed ? '接码' : '接码平台'}
        </Link>
        <SideMenu menu={menu} selected={selected} collapsed={collapsed} />
      </Layout.Sider>
      <Layout>
        <HeaderBar collapsed={collapsed} onToggle={() => setCollapsed((c) => !c)} crumbs={crumbs} />
        <Layout.Content className="shell-content">
          <Suspense fallback={<><ProgressFallback /><Spin delay={300} style={{ display: 'block', margin: '20vh auto' }} /></>}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
      <AnnouncementModal />
      <RouteProgress />
    </Layout>
  );
}
