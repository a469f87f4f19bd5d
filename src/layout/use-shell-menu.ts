import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { pages, resources, roleOf, sections, type PageDef } from '../../resources.config';
import { listUrl } from '../framework/list/list-memory';
import { buildMenu, findMenuItem, type MenuSection } from '../framework/menu';
import { recordPageLabel } from '../framework/resources';
import { useAuthState } from '../providers/use-auth-state';
import { currentGrants } from '../providers/grants';

/** A breadcrumb: its text, and where it leads (the list, from one of its records' pages). */
export interface Crumb {
  label: string;
  section?: string;
  route?: string;
  link?: string;
}

/**
 * The breadcrumb of a path: section + item, then 新建 / 编辑 / 详情 on a record's page (the item then
 * leads back to its list as it was left); the page label for pages outside the menu; none on /home.
 */
export function crumbsOf(menu: MenuSection[], pathname: string): Crumb[] {
  if (pathname === '/home' || pathname === '/') return [];
  const found = findMenuItem(menu, pathname);
  if (found) {
    const sub = recordPageLabel(found.item.route, pathname);
    const item: Crumb = { label: found.item.label, route: found.item.route };
    if (!sub) return [{ label: found.section.label, section: found.section.key }, item];
    return [
      { label: found.section.label, section: found.section.key },
      { ...item, link: listUrl(found.item.key, found.item) },
      { label: sub },
    ];
  }
  const page = Object.values(pages as Record<string, PageDef>).find((p) => p.route === pathname);
  return page ? [{ label: page.label, route: page.route }] : [];
}

/** The menu of the current role and where the current route sits in it. */
export function useShellMenu() {
  const { type } = useAuthState();
  const { pathname } = useLocation();
  const role = roleOf(type);
  const grants = currentGrants();
  const menu = useMemo(() => buildMenu(sections, [resources, pages], role, grants), [role, grants]);
  const found = useMemo(() => findMenuItem(menu, pathname), [menu, pathname]);
  const crumbs = useMemo(() => crumbsOf(menu, pathname), [menu, pathname]);
  return { role, menu, found, crumbs, pathname };
}
