import crypto from 'node:crypto';
import { formatTime } from '../platform/lib/time.js';

/** What an order row holds until its id is known (96 random bits: unique without retries). */
export function placeholderNo(): string {
  return `pending-${crypto.randomBytes(12).toString('base64url')}`;
}

/** `20250101123045000123`: the time in the business zone, then the order's id (unique by its id). */
export function orderNo(now: number, id: number, tz: string): string {
  return `${formatTime(now, tz)!.replace(/\D/g, '')}${String(id).padStart(6, '0')}`;
}
