import type { ResourceHooks } from '../platform/crud/hooks.js';
import { assignableFlags } from '../codes/index.js';

/** The inbox's computed `assignable`: whether some link can still take the message's code (the console shows 分配 only then). */
export const messageHooks: ResourceHooks = {
  async present(rows, raw, { ctx }) {
    const flags = await assignableFlags(ctx, raw);
    rows.forEach((row, i) => {
      row.assignable = flags[i];
    });
  },
};
