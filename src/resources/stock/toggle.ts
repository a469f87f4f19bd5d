import { api } from '../../providers/http';

/** Whether an item can be taken off sale (停用) or put back (启用), by its state. */
export const canDisable = (state: string) => state === 'available';
export const canEnable = (state: string) => state === 'disabled' || state === 'expired' || state === 'after_sale';

export type Toggle = 'disable' | 'enable';
export const VERB: Record<Toggle, string> = { disable: '停用', enable: '启用' };

/** The server says how many changed (items in another state are skipped) and toasts its message. */
export function toggleStock(kind: Toggle, ids: Array<string | number>) {
  return api.post<{ changed: number; skipped: number }>(`/api/stock/${kind}`, { ids });
}
