import { useFetched } from '../../common/use-fetched';

/** A notification the server refused (it credited nothing). */
export interface EpayRefusal {
  id: number;
  out_trade_no: string | null;
  trade_no: string | null;
  money: string | null;
  reason: string;
  ip: string | null;
  create_at: string;
}

/** `GET /api/epay/config`: the settings (the key only as set or not, and its tail) and the latest refused notifications. */
export interface EpayConfigAnswer extends Record<string, unknown> {
  key_set: boolean;
  key_hint: string | null;
  notify_path: string;
  refusals: EpayRefusal[];
}

export function useEpayConfig() {
  const { data: config, setData: setConfig, loading } = useFetched<EpayConfigAnswer>('/api/epay/config');
  return { config, setConfig, loading };
}
