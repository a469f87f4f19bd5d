import { Layout, Spin } from 'antd';
import { Suspense, useCallback, useEffect, useState, type MouseEvent } from 'react';
import { Link, Outlet } from 'react-router';
import { loadIcons } from '../framework/icons';
import { later } from '../framework/later';
import { ScreenWarmup } from '../framework/preload';
import { usePrefetchList } from '../framework/list/use-list-query';
import { resources } from '../../resources.config';
import { useNarrow } from '../framework/use-narrow';
import { takeFlash } from '../providers/flash';
import AnnouncementModal from './AnnouncementModal';
import { shortSiteName, siteName } from '../common/site';
import HeaderBar from './HeaderBar';
import RouteProgress, { ProgressFallback } from './RouteProgress';
import SwitchedBanner from './SwitchedBanner';
import { useShellMenu } from './use-shell-menu';
import { screenName } from './screen-title';
import { message } from '../framework/notices';
import './shell.css';

export const SIDER_WIDTH = 248;
const MAIN_ID = 'main-content';
// Not on a screen's first paint: a phone shows neither until its menu button is pressed.
const menuCode = later(() => Promise.all([import('./SideMenu'), loadIcons()]).then(([menu]) => menu));
const drawerCode = later(() => import('./NavDrawer'));
const loadNav = (narrow: boolean) => {
  // A failure is reported by vite (src/framework/chunk-reload.ts); the button can be pressed again.
  menuCode.load().catch(() => undefined);
  if (narrow) drawerCode.load().catch(() => undefined);
};

/** Moves the keyboard's focus to the current screen (past the menu and header), without touching the address. */
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  document.getElementById(MAIN_ID)?.focus();
}

/**
 * The console's frame: a skip link, sider with brand and menu (below 768 px a drawer over the page,
 * opened from the header), header, the switched-account banner, the current screen, announcement,
 * progress bar.
 */
export default function Shell() {
  const narrow = useNarrow();
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { role, menu, found, crumbs, pathname } = useShellMenu();
  const name = screenName(pathname, role);
  const selected = found ? { section: found.section.key, route: found.item.route } : undefined;
  const SideMenu = menuCode.use()?.default;
  const NavDrawer = drawerCode.use()?.default;
  // A wide screen shows the menu at once.
  useEffect(() => {
    if (!narrow) loadNav(false);
  }, [narrow]);
  // A list's rows start loading as its menu item is pressed, ahead of the click that opens it.
  const prefetchList = usePrefetchList();
  const onPress = useCallback(
    (key: string) => {
      if (key in resources) prefetchList(key);
    },
    [prefetchList],
  );

  // Choosing a page in the drawer closes it; so does growing past the phone width.
  useEffect(() => setDrawerOpen(false), [pathname, narrow]);
  // A message an action left for after its page load (切换成功).
  useEffect(() => {
    const flash = takeFlash();
    if (flash) message.success(flash);
  }, []);

  const nav = (short: boolean) => (
    <>
      <Link to="/home" className="shell-brand" data-testid="brand" title={siteName()}>
        {short ? shortSiteName() : siteName()}
      </Link>
      {SideMenu && <SideMenu menu={menu} selected={selected} collapsed={short} openAll={narrow} onPress={onPress} />}
    </>
  );

  return (
    <Layout className="shell" style={{ minHeight: '100vh' }}>
      {/* The first stop of the keyboard: shown once focused. */}
      <a href={`#${MAIN_ID}`} className="shell-skip" onClick={skipToMain}>
        跳到主要内容
      </a>
      {narrow ? (
        NavDrawer && (
          <NavDrawer open={drawerOpen} width={SIDER_WIDTH} onClose={() => setDrawerOpen(false)}>
            {nav(false)}
          </NavDrawer>
        )
      ) : (
        <Layout.Sider
          className="shell-sider shell-nav"
          width={SIDER_WIDTH}
          collapsible
          trigger={null}
          collapsed={collapsed}
          data-testid="sider"
        >
          {nav(collapsed)}
        </Layout.Sider>
      )}
      <Layout style={{ minWidth: 0 }}>
        <HeaderBar
          narrow={narrow}
          collapsed={collapsed}
          crumbs={crumbs}
          onTogglePress={() => loadNav(narrow)}
          onToggle={() => {
            if (!narrow) return setCollapsed((c) => !c);
            loadNav(true);
            setDrawerOpen(true);
          }}
        />
        <Layout.Content className="shell-content" id={MAIN_ID} tabIndex={-1}>
          {/* The screen's one h1, for screen readers: sighted people read the name in the breadcrumb or the panel's title. */}
          {name && <h1 className="shell-screen-title">{name}</h1>}
          <SwitchedBanner />
          <Suspense
            fallback={
              <>
                <ProgressFallback />
                <Spin delay={300} style={{ display: 'block', margin: '20vh auto' }} />
              </>
            }
          >
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
      {/* On a reseller's host the server answers no announcement meant for the main site's customers only. */}
      <AnnouncementModal />
      <RouteProgress />
      <ScreenWarmup />
    </Layout>
  );
}
