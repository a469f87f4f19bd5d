/**
 * "The same message sent twice" is stored once. Where copies come from:
 * - SmsForwarder retrying after a network error: the same request, same timestamp and receive time;
 * - two forwarding rules pointing at our webhook, curl's --retry in the gammu script: same receive
 *   time, another timestamp;
 * - Android delivering the broadcast twice (SMS_RECEIVED and SMS_DELIVER), a carrier delivering an
 *   SMS twice: receive times a moment apart.
 * The signed timestamp is no identity (copies carry different ones), so a message is identified by
 * where it came in (source, device, receiving number or slot), who sent it and its text, and copies
 * are those within a short window of each other.
 *
 * Use: store `fingerprint` and `exactKey` with each message, `exactKey` under a unique index (two
 * copies arriving at once on two processes cannot both insert), and before inserting look for the
 * same fingerprint with a receive time within DEDUPE_WINDOW_MS (`isWithinWindow`).
 *
 * The window is short on purpose: a service that sends the same text again after a customer asked
 * for a new code (a reset link waiting for it) must get through, and resend buttons wait 60 s.
 */
import crypto from 'node:crypto';

export interface DedupeFields {
  source: string;
  deviceId?: string | number | null;
  recipient: string | null;
  slot?: number | null;
  sender: string;
  text: string;
  receivedAt: number;
}

export const DEDUPE_WINDOW_MS = 60_000;

/** Whitespace and line endings vary between copies (CRLF, trailing blanks); the words do not. */
function canonicalText(text: string): string {
  return text.normalize('NFC').replace(/\s+/g, ' ').trim();
}

/** SHA-256 in hex; one-shot where Node has it (20.12+: no hash object per message). */
const sha256Hex: (text: string) => string =
  typeof crypto.hash === 'function'
    ? (text) => crypto.hash('sha256', text, 'hex')
    : (text) => crypto.createHash('sha256').update(text).digest('hex');

/** The message's identity without its time: sha256 hex. */
export function messageFingerprint(m: DedupeFields): string {
  const where = m.recipient ? `to:${m.recipient.replace(/[\s()-]/g, '')}` : `slot:${m.slot ?? ''}`;
  const parts = [m.source, String(m.deviceId ?? ''), where, m.sender.trim().toLowerCase(), canonicalText(m.text)];
  return sha256Hex(parts.join('\u0000'));
}

/** Identity plus receive time to the second: equal for exact copies, fit for a unique index. */
export function exactKey(m: DedupeFields, fingerprint = messageFingerprint(m)): string {
  return `${fingerprint}:${Math.floor(m.receivedAt / 1000)}`;
}

/** Whether two messages with the same fingerprint are copies of one another. */
export function isWithinWindow(a: number, b: number, windowMs = DEDUPE_WINDOW_MS): boolean {
  return Math.abs(a - b) <= windowMs;
}
