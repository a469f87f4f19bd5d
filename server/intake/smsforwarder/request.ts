/**
 * SmsForwarder's webhook, exactly as the app sends it (pppscn/SmsForwarder,
 * utils/sender/WebhookUtils.kt; docs/smsforwarder.md#what-the-app-sends), as one pure function:
 * (content type, raw body, device secret, now) -> a parsed message or a refusal.
 *
 * - Default request: POST form `from`, `content` (the app's formatted template, sms-content.ts),
 *   `timestamp` (ms) and `sign` when a secret is set.
 * - Custom template: a JSON body (webParams starting with `{`, or a JSON Content-Type) or a custom
 *   form, with any of `from`, `content`, `org_content` (the raw SMS text), `card_slot`
 *   (`SIM1_<remark>`), `receive_time`, `device_mark`, `timestamp`, `sign`, and our own `to`
 *   (the receiving number, sent by scripts such as gammu's that know it).
 * - `sign` = Base64(HMAC-SHA256(secret, timestamp + "\n" + secret)), URL-encoded by the app and,
 *   in a form, encoded again by the form: decoded here until no `%` is left.
 * - The signature covers the timestamp only: callers keep each (device, timestamp) pair to the one
 *   message it carried (stamps.ts) and dedupe copies (dedupe.ts).
 * - The receive time is the phone's local time, in whatever zone the phone is set to: read with the
 *   device's learned offset (docs/smsforwarder.md#receive-time).
 */
import { parseTime } from '../../platform/lib/time.js';
import { numberInRemark, parseDefaultContent, slotOf } from './content.js';
import { verifySign } from './sign.js';

export { smsForwarderSign } from './sign.js';

export interface InboundSms {
  sender: string;
  /** The receiving number, or null when neither the request nor the device's slots tell it. */
  recipient: string | null;
  text: string;
  /** When the phone received it (epoch ms): its receive time (a whole second read as its end) when consistent, else the signed send time. */
  receivedAt: number;
  /** When the app sent it (the signed timestamp, epoch ms, never after now). */
  sentAt: number;
  /** The signed timestamp as sent (ms): with the device, the pair a signature covers. */
  stamp: number;
  /** The phone's local clock against the business zone, as this message shows it (null: it cannot tell). */
  observedOffsetMs: number | null;
  slot: 1 | 2 | null;
  deviceMark: string | null;
  /** The app's "test this channel" button (sender 19999999999): proves the setup, holds no code. */
  test: boolean;
}

export type RefusalReason = 'bad_body' | 'missing_timestamp' | 'missing_signature' | 'bad_signature' | 'stale';

export type SmsForwarderResult =
  { ok: true; message: InboundSms } | { ok: false; reason: RefusalReason; status: 400 | 401; message: string };

export interface SmsForwarderInput {
  /** The request's Content-Type header. */
  contentType?: string;
  /** The raw body (string or bytes), or fields already parsed from it. */
  body: string | Buffer | Record<string, unknown> | null | undefined;
  /** The URL's query fields (GET webhooks send everything there). */
  query?: Record<string, unknown>;
  /** The device's secret. */
  secret: string;
  now: number;
  /** Largest allowed |now - timestamp|, ms; default 10 minutes. */
  maxSkewMs?: number;
  /** The numbers the sup bound to the device's slots: the fallback receiving number. */
  slotNumbers?: { sim1?: string | null; sim2?: string | null };
  /** The business time zone, in which a receive time is read first; default Asia/Shanghai. */
  timeZone?: string;
  /** The device's learned offset of its local clock from that zone (ms); null: not learned yet (read as 0). */
  clockOffsetMs?: number | null;
}

export const DEFAULT_MAX_SKEW_MS = 10 * 60_000;
/** A receive time this far after the send time means the phone's zone or clock is not what we think. */
const FUTURE_TOLERANCE_MS = 2 * 60_000;

const REFUSALS: Record<RefusalReason, [400 | 401, string]> = {
  bad_body: [400, '请求内容无法解析'],
  missing_timestamp: [400, '缺少时间戳 timestamp'],
  missing_signature: [401, '缺少签名 sign：请在 SmsForwarder 的 Webhook 设置里填写设备密钥'],
  bad_signature: [401, '签名不正确：请核对设备密钥'],
  stale: [401, '时间戳与服务器时间相差过大：请校准手机时间'],
};

function refuse(reason: RefusalReason): SmsForwarderResult {
  const [status, message] = REFUSALS[reason];
  return { ok: false, reason, status, message };
}

function readFields(input: SmsForwarderInput): Record<string, unknown> | null {
  const fields: Record<string, unknown> = { ...(input.query ?? {}) };
  let body = input.body;
  if (Buffer.isBuffer(body)) body = body.toString('utf8');
  if (typeof body === 'string') {
    const text = body.trim();
    if (/json/i.test(input.contentType ?? '') || text.startsWith('{')) {
      try {
        body = JSON.parse(text) as unknown as Record<string, unknown>;
      } catch {
        return null;
      }
      if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
    } else {
      body = Object.fromEntries(new URLSearchParams(text));
    }
  }
  if (body && typeof body === 'object') Object.assign(fields, body);
  return fields;
}

/** A phone number as typed, without its spaces, dashes and brackets. */
function cleanNumber(value: string | null | undefined): string | null {
  const n = (value ?? '').replace(/[\s()-]/g, '');
  return n || null;
}

function str(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** The signed timestamp as ms (the app always sends ms; 10 digits are read as seconds). */
function timestampMs(ts: string): number | null {
  if (!/^\d{10,13}$/.test(ts)) return null;
  return ts.length <= 11 ? Number(ts) * 1000 : Number(ts);
}

/** Zones differ by whole quarters of an hour; no zone is more than 26 hours from another. */
const QUARTER_HOUR_MS = 15 * 60_000;
const MAX_ZONE_GAP_MS = 26 * 3_600_000;

/**
 * The phone's receive time (`yyyy-MM-dd HH:mm:ss` on its clock, or absolute ms). A local time is read
 * in the business zone and moved by the device's learned offset; it is kept only when it is not after
 * the signed send time by more than a moment and, while the offset is not learned yet, not before it
 * by more than the allowed skew; else the send time is used: a phone in another zone never dates its
 * messages hours early. A time in whole seconds is read as the end of its second (capped at the send time, itself at
 * most now): a link armed earlier in the same second (bought, reset) must get the SMS.
 */
function receiveTime(raw: string | null, sentAt: number, input: SmsForwarderInput): { at: number; observedOffsetMs: number | null } {
  const text = (raw ?? '').trim().replace('T', ' ').replace(/\//g, '-');
  let at: number | null = null;
  let observedOffsetMs: number | null = null;
  if (/^\d{13}$/.test(text)) at = Number(text);
  else if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)) {
    const local = endOfSecond(text, input.timeZone ?? 'Asia/Shanghai');
    if (local !== null) {
      observedOffsetMs = zoneOffset(sentAt - local);
      at = local + (input.clockOffsetMs ?? 0);
    }
  }
  // Until the device's zone is learned, a local time hours before the send time is more likely a
  // zone than a delay; once learned, a long gap is a phone that was offline, and its time is right.
  const unsure = input.clockOffsetMs == null && at !== null && sentAt - at > (input.maxSkewMs ?? DEFAULT_MAX_SKEW_MS);
  if (at === null || at > sentAt + FUTURE_TOLERANCE_MS || unsure) return { at: sentAt, observedOffsetMs };
  return { at: Math.min(at, sentAt), observedOffsetMs };
}

/**
 * The zone offset a gap (send time − local receive time) shows: a whole number of quarter hours when
 * what is left over is a forwarding delay of at most a moment; null when the gap is a delay (the phone
 * was offline) or nonsense.
 */
export function zoneOffset(gapMs: number): number | null {
  const quarters = Math.round(gapMs / QUARTER_HOUR_MS);
  const delay = gapMs - quarters * QUARTER_HOUR_MS;
  if (delay < -FUTURE_TOLERANCE_MS || delay > FUTURE_TOLERANCE_MS) return null;
  const offset = quarters * QUARTER_HOUR_MS;
  return Math.abs(offset) > MAX_ZONE_GAP_MS ? null : offset;
}

/** The last ms of a whole-second local time; the last one read is kept (a phone sends many in the same second, and parsing is costly). */
let lastSecond = { text: '', timeZone: '', at: null as number | null };
export function endOfSecond(text: string, timeZone: string): number | null {
  if (lastSecond.text !== text || lastSecond.timeZone !== timeZone) {
    const start = parseTime(text, timeZone);
    lastSecond = { text, timeZone, at: start === null ? null : start + 999 };
  }
  return lastSecond.at;
}

/**
 * SmsForwarder's GET without a template appends `&content=...&timestamp=...&sign=...` to the
 * configured URL even when it has no `?` (and never sends `from`), so the fields land in the path:
 * `/api/ingest/sms/<key>&content=...`. Given the raw (undecoded) last path segment, the device key
 * and those fields; the key alone when nothing is glued on.
 */
export function splitGluedKey(rawSegment: string): { key: string; fields: Record<string, string> } {
  const decode = (s: string) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  };
  const amp = rawSegment.indexOf('&');
  if (amp < 0) return { key: decode(rawSegment), fields: {} };
  return {
    key: decode(rawSegment.slice(0, amp)),
    fields: Object.fromEntries(new URLSearchParams(rawSegment.slice(amp + 1))),
  };
}

/** Parses and verifies one webhook request. */
export function parseSmsForwarder(input: SmsForwarderInput): SmsForwarderResult {
  const f = readFields(input);
  if (!f) return refuse('bad_body');
  const ts = str(f.timestamp)?.trim() ?? '';
  const sign = str(f.sign) ?? '';
  if (!ts) return refuse(sign ? 'missing_timestamp' : 'missing_signature');
  if (!sign) return refuse('missing_signature');
  const sentAtRaw = timestampMs(ts);
  if (sentAtRaw === null) return refuse('missing_timestamp');
  if (!verifySign(ts, sign, input.secret)) return refuse('bad_signature');
  if (Math.abs(input.now - sentAtRaw) > (input.maxSkewMs ?? DEFAULT_MAX_SKEW_MS)) return refuse('stale');
  const sentAt = Math.min(sentAtRaw, input.now);

  const from = (str(f.from) ?? '').trim();
  const content = str(f.content) ?? str(f.msg) ?? '';
  const raw = str(f.org_content);
  const parsed = raw === null ? parseDefaultContent(content, from) : null;
  const cardSlot = str(f.card_slot) ?? str(f.title) ?? parsed?.simLine ?? '';
  const slot = slotOf(cardSlot);
  const sender = from || parsed?.sender || '';
  const text = (raw ?? parsed?.text ?? content).trim();

  const bound = input.slotNumbers ?? {};
  const boundBySlot = slot === 1 ? bound.sim1 : slot === 2 ? bound.sim2 : null;
  const onlyBound = [bound.sim1, bound.sim2].filter(Boolean);
  const recipient =
    cleanNumber(str(f.to) ?? str(f.recipient)) ??
    numberInRemark(cardSlot) ??
    cleanNumber(boundBySlot) ??
    (slot === null && onlyBound.length === 1 ? cleanNumber(onlyBound[0]) : null);

  const received = receiveTime(str(f.receive_time) ?? parsed?.receiveTime ?? null, sentAt, input);
  return {
    ok: true,
    message: {
      sender,
      recipient,
      text,
      receivedAt: received.at,
      sentAt,
      stamp: sentAtRaw,
      observedOffsetMs: received.observedOffsetMs,
      slot,
      deviceMark: (str(f.device_mark) ?? parsed?.deviceName ?? '').trim() || null,
      test: sender === '19999999999' && text.includes('该发送通道测试成功'),
    },
  };
}
