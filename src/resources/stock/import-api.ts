import { ApiError, api } from '../../providers/http';

export interface ImportResult {
  added: number;
  updated: number;
  skipped: number;
  /** Numbers also live in another product with the same match rules. */
  shared: { count: number; numbers: string[]; products: string[] };
  /** Bad lines left out (only when told to skip them). */
  bad: LineError[];
}
export interface LineError {
  line: number;
  /** The line as written (cut when long). */
  text?: string;
  message: string;
}
/** A refused import: the server's sentence and, for a bad batch, every bad line. */
export interface ImportRefusal {
  message: string;
  lines: LineError[];
}

/** Sends a batch; a refusal comes back as data for the dialog to show (nothing was written). */
export async function importStock(
  goodsId: number,
  text: string,
  deviceId?: number,
  skipBad = false,
): Promise<{ ok: ImportResult } | { refused: ImportRefusal }> {
  try {
    const body = { goods_id: goodsId, text, ...(deviceId ? { device_id: deviceId } : {}), ...(skipBad ? { skip_bad: true } : {}) };
    return { ok: await api.post<ImportResult>('/api/stock/import', body, undefined, { silent: true }) };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const errors = (error.data as { errors?: unknown } | undefined)?.errors;
    return { refused: { message: error.message, lines: Array.isArray(errors) ? (errors as LineError[]) : [] } };
  }
}

/** Products whose numbers come from stock, for the dialog's product choice. */
export async function stockProducts(): Promise<Array<{ id: number; title: string; channel: string }>> {
  const page = await api.post<{ list: Array<{ id: number; title: string; channel: string }> }>(
    '/api/goods/data',
    { source: 'stock' },
    { page: 1, pageSize: 100 },
  );
  return page.list;
}

/** The devices numbers can be bound to at import. */
export async function devices(): Promise<Array<{ id: number; name: string }>> {
  const page = await api.post<{ list: Array<{ id: number; name: string }> }>('/api/device/data', {}, { page: 1, pageSize: 100 });
  return page.list;
}

/** Lines with something on them: what the server will check. */
export const countLines = (text: string) => text.split(/\r\n|\r|\n/).filter((l) => l.trim()).length;
