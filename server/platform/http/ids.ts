import { fail } from './envelope.js';

/** A row id as a client sends it (a positive integer, or its digits), or a 400. */
export function idOf(raw: unknown): number {
  const n = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1) throw fail.badInput('ID 无效', { id: 'ID 无效' });
  return n;
}

/** 1 to `max` row ids, without repeats, or a 400. */
export function idsOf(raw: unknown, max = 100): number[] {
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > max) throw fail.badInput(`ids 必须是 1 到 ${max} 个 ID 的数组`);
  return [...new Set(raw.map(idOf))];
}
