import { pages, resources, type AccessRule, type PageDef, type ResourceDef } from '../../resources.config';
import { listAt } from '../framework/routes';
import { listCall } from '../providers/data-provider';
import type { RequestConfig } from '../providers/http';

/**
 * The calls the console screen at an address makes first: who is signed in, a page's declared calls
 * and a list's first page (its filters, sort and page from the address's search string), each when
 * `may` says the role may open the screen. Started ahead of the screen's code (src/app/App.tsx), and
 * named in the screen's page by the build (scripts/prerender.mjs), to start before the app's code.
 */
export function firstCallsAt(pathname: string, search: string, may: (rule: AccessRule | 'public' | undefined) => boolean): RequestConfig[] {
  const calls: RequestConfig[] = [{ method: 'GET', url: '/api/user/base' }];
  const page = Object.values(pages as Record<string, PageDef>).find((p) => p.route === pathname);
  if (page && may(page.access))
    for (const call of page.firstCalls ?? []) calls.push(typeof call === 'string' ? { method: 'GET', url: call } : call);
  const list = listAt(resources as Record<string, ResourceDef>, pathname, search);
  if (list && may(list.def.access.list))
    calls.push(listCall(list.def.api ?? list.name, list.filters, list.sorters, list.page, list.pageSize));
  return calls;
}
