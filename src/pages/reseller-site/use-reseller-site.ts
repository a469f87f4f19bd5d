import { useFetched } from '../../common/use-fetched';

/** 我的分站's site and figures (`GET /api/reseller/site`), money in dollars. */
export interface ResellerSite {
  site_name: string;
  host: string;
  url: string;
  markup: number;
  contact: string;
  notice: string;
  settle_days: number;
  enabled: boolean;
  create_at: string | null;
  customers: number;
  sales: number;
  profit_pending: number;
  profit_settled: number;
  profit_reversed: number;
}

export const useResellerSite = () => useFetched<ResellerSite>('/api/reseller/site');
