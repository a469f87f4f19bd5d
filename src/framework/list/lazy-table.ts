import { lazyNow } from '../lazy-now';

/** A wide list's table: its code (and antd's table styles) is fetched only where a list is wide. */
export const ListTable = lazyNow(() => import('./ListTable').then((m) => ({ default: m.ListTable })));
