/** A product's limits in words. The two read 0 differently: no cap on codes, but no reset at all. */

/** 接码次数: codes a link takes each time it is armed; 0 is 不限. */
export const receiveLimitText = (n: number) => (n > 0 ? `${n} 次` : '不限');

/** 重提次数: how often a link can wait for a new code; 0 is 不支持重提 (the server refuses every reset). */
export const resetLimitText = (n: number) => (n > 0 ? `${n} 次` : '不支持重提');
