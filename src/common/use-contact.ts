import { useCallback, useEffect, useState } from 'react';
import { api } from '../providers/http';

export const CONTACT_URL = '/api/config/index';

/** The contact ("联系我们") HTML; public, shared by the home screen, the public store and the editor. */
export function useContact() {
  const [content, setContent] = useState('');
  const [loading, setLoading] = useState(true);
  const refetch = useCallback(async () => {
    setLoading(true);
    try {
      const data = await api.get<{ content?: string }>(CONTACT_URL, undefined, { silent: true });
      setContent(data?.content ?? '');
    } catch {
      setContent('');
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => { void refetch(); }, [refetch]);
  return { content, loading, refetch };
}
