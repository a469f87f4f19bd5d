import { useCallback, useEffect, useState } from 'react';
import { api } from '../providers/http';
import { isResellerSite } from './site';

export const CONTACT_URL = '/api/config/index';
/** A reseller's site: its own contact (`GET /api/site`), never the main site's. */
const SITE_URL = '/api/site';

/**
 * The contact ("联系我们") HTML; public, shared by the home screen, the public store and the editor
 * (`main`: the main site's, which the sup edits, wherever the console is opened).
 */
export function useContact({ main = false }: { main?: boolean } = {}) {
  const url = !main && isResellerSite() ? SITE_URL : CONTACT_URL;
  const [content, setContent] = useState('');
  const [loading, setLoading] = useState(true);
  const refetch = useCallback(async () => {
    setLoading(true);
    try {
      const data = await api.get<{ content?: string; contact?: string }>(url, undefined, { silent: true });
      setContent((url === SITE_URL ? data?.contact : data?.content) ?? '');
    } catch {
      setContent('');
    } finally {
      setLoading(false);
    }
  }, [url]);
  useEffect(() => {
    void refetch();
  }, [refetch]);
  return { content, loading, refetch };
}
