import { formatTime } from '../platform/lib/time.js';
import { Json, W, type Answer } from './answers.js';
import type { Call } from './params.js';
import { ended, ownLink, safeCode } from './status.js';

type Current = { code: string; text: string; at: number } | 'wait' | 'cancel';

/**
 * What an activation holds now, as getStatus decides it: its current code (and the whole SMS it came
 * in), still waiting (also for another code after setStatus 3), or over; null: not this customer's.
 */
async function current(c: Call): Promise<Current | null> {
  const link = await ownLink(c);
  if (!link) return null;
  const { row } = link;
  if (ended(row, c.ctx.now())) return 'cancel';
  const code = safeCode(row.last_code);
  if (code) return { code, text: row.last_text ?? '', at: Number(row.last_code_at ?? row.create_at) };
  return row.state === 'used_up' ? 'cancel' : 'wait';
}

/**
 * getStatusV2: `{"verificationType":0,"sms":{"dateTime","code","text"},"call":null}`, `sms` null
 * while waiting; an ended activation answers the bare word STATUS_CANCEL, as the official service does.
 */
export async function getStatusV2(c: Call): Promise<Answer> {
  const now = await current(c);
  if (now === null) return W.NO_ACTIVATION;
  if (now === 'cancel') return W.STATUS_CANCEL;
  const sms = now === 'wait' ? null : { dateTime: formatTime(now.at, c.ctx.settings.timeZone), code: now.code, text: now.text };
  return new Json(JSON.stringify({ verificationType: 0, sms, call: null }));
}

/**
 * getFullSms: `FULL_SMS:<the whole SMS>` (clients split at the first colon only: the text keeps its
 * own), STATUS_WAIT_CODE while waiting, STATUS_CANCEL once over. No trailing whitespace goes out.
 */
export async function getFullSms(c: Call): Promise<Answer> {
  const now = await current(c);
  if (now === null) return W.NO_ACTIVATION;
  if (now === 'cancel') return W.STATUS_CANCEL;
  if (now === 'wait') return W.STATUS_WAIT_CODE;
  return `${W.FULL_SMS}:${now.text.trimEnd()}`;
}
