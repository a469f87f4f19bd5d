import { useCustom } from '@refinedev/core';
import { useRefetchOnMount } from '../../framework/use-refetch-on-mount';
import { peekEarly } from '../../providers/http';
import { useAuthState } from '../../providers/use-auth-state';

export interface AdminFigures {
  balance: number;
  recharge: number;
  rechargeAuto: number;
  order: number;
  /** Resellers' profits credited, net of refunds (in the difference). */
  profit: number;
  /** Resellers' profits not credited yet, net of refunds (in no balance, so not in the difference). */
  profitPending: number;
  diff: number;
}

/** `GET /api/statistics/index` (docs/api.md): the caller's figures, with `admin` and user counts for sup. */
export interface Statistics {
  todayOrder: number;
  monthOrder: number;
  totalOrder: number;
  todayRecharge: number;
  todayRechargeAuto: number;
  monthRecharge: number;
  monthRechargeAuto: number;
  totalRecharge: number;
  todayTokenNum: number;
  tokenNum: number;
  userCount?: number;
  userCountMonth?: number;
  admin?: AdminFigures;
}

/** Keyed by user, so figures cached for one account are never shown to another. Null until they arrive. */
export function useStatistics() {
  const userId = useAuthState().userInfo?.id;
  const refetchOnMount = useRefetchOnMount();
  // Not useCustom's `result`: that is an empty object until the answer comes.
  const { query } = useCustom<Statistics & Record<string, unknown>>({
    url: '/api/statistics/index',
    method: 'get',
    queryOptions: {
      queryKey: ['statistics', userId],
      // The figures fetched ahead (this page's first call) when already in: drawn with the page.
      initialData:
        userId === undefined
          ? undefined
          : () => {
              const data = peekEarly<Statistics & Record<string, unknown>>({ method: 'GET', url: '/api/statistics/index' });
              return data && { data };
            },
      refetchOnMount,
    },
  });
  return { stats: (query.data?.data as Statistics | undefined) ?? null, loading: query.isLoading };
}
