import { useFetched } from '../../common/use-fetched';

export interface WatchStatus {
  address: string;
  cursor: string | null;
  last_poll_at: string | null;
  last_ok_at: string | null;
  last_error: string | null;
  last_error_at: string | null;
  failures: number;
  retry_at: string | null;
}

/** One EVM chain's settings as `GET /api/usdt/config` answers them under `chains`. */
export interface ChainSettings {
  network: string;
  enabled: boolean;
  address: string | null;
  rpc_url: string | null;
  contract: string;
  decimals: number;
  confirmations: number;
}

/** One EVM chain's watcher: its block cursor, the node's head, how far behind, its last error. */
export interface ChainStatus {
  chain: string;
  network: string;
  watched: boolean;
  cursor: number | null;
  head: number | null;
  behind: number | null;
  span: number | null;
  last_poll_at: string | null;
  last_ok_at: string | null;
  last_error: string | null;
  last_error_at: string | null;
  failures: number;
  retry_at: string | null;
}

/** `GET /api/usdt/config`: the settings (the API key only as set or not, and its tail) and the watcher's health. */
export interface UsdtConfigAnswer extends Record<string, unknown> {
  api_key_set: boolean;
  api_key_hint: string | null;
  chains: Record<string, ChainSettings>;
  status: { watching: number; unmatched: number; addresses: WatchStatus[]; chains: ChainStatus[] };
}

export function useUsdtConfig() {
  const { data: config, setData: setConfig, loading } = useFetched<UsdtConfigAnswer>('/api/usdt/config');
  return { config, setConfig, loading };
}
