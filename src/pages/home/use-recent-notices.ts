import { useCustom } from '@refinedev/core';

export interface NoticeItem {
  id: number;
  title?: string | null;
  content?: string | null;
  create_at?: string | null;
}

/** `GET /api/notice/recent`: the latest notices for everyone. */
export function useRecentNotices() {
  const { query, result } = useCustom<{ list: NoticeItem[] }>({ url: '/api/notice/recent', method: 'get' });
  return { list: (result?.data as { list?: NoticeItem[] } | undefined)?.list ?? [], loading: query.isLoading };
}
