import { useCustom } from '@refinedev/core';

export const CONTACT_URL = '/api/config/index';

/** The contact ("联系我们") HTML; public, shared by the home screen, the public store and the editor. */
export function useContact() {
  const { query, result } = useCustom<{ content: string }>({ url: CONTACT_URL, method: 'get' });
  return {
    content: (result?.data as { content?: string } | undefined)?.content ?? '',
    loading: query.isLoading,
    refetch: query.refetch,
  };
}
