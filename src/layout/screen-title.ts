import { pages, resources, sections, type PageDef, type ResourceDef, type Role } from '../../resources.config';
import { buildMenu, findMenuItem } from '../framework/menu';
import { recordPageLabel } from '../framework/resources';
import { siteName } from '../common/site';

/** The open screens, outside the console's menu. */
const OPEN_SCREENS: Record<string, string> = { '/login': '登录', '/register': '注册', '/store': 'API商城' };

/**
 * What the screen at a path is called, as the role's menu, the page's declaration or its heading
 * (新建… / 编辑… / …详情) names it; null where the app only passes through (`/`, `/refresh`).
 */
export function screenName(pathname: string, role: Role | undefined): string | null {
  if (pathname === '/' || pathname === '/refresh') return null;
  if (OPEN_SCREENS[pathname]) return OPEN_SCREENS[pathname];
  const item = findMenuItem(buildMenu(sections, [resources, pages], role), pathname)?.item;
  if (item?.route === pathname) return item.label;
  const page = Object.values(pages as Record<string, PageDef>).find((p) => p.route === pathname);
  if (page) return page.label;
  for (const def of Object.values(resources as Record<string, ResourceDef>)) {
    if (def.route === pathname) return def.label;
    const sub = recordPageLabel(def.route, pathname);
    if (sub) return sub === '详情' ? `${def.label}详情` : `${sub}${def.label}`;
  }
  return '页面不存在';
}

/** The document title of a screen: `我的API - 接码平台` (a reseller's site: its name). */
export function documentTitle(name: string): string {
  return `${name} - ${siteName()}`;
}
