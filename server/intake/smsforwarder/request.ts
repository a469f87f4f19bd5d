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
 * - The signature covers the timestamp only, so a copy within the allowed skew passes: callers
 *   dedupe (dedupe.ts).
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
  /** When the app sent it (the signed timestamp, epoch ms). */
  sentAt: number;
  slot: 1 | 2 | null;
  deviceMark: string | null;
  /** The app's "test this channel" button (sender 19999999999): proves the setup, holds no code. */
  test: boolean;
}

export type RefusalReason = 'bad_body' | 'missing_timestamp' | 'missing_signature' | 'bad_signature' | 'stale';

export type SmsForwarderResult =
  | { ok: true; message: InboundSms }
  | { ok: false; reason: RefusalReason; status: 400 | 401; message: string };

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
  /** The phone's time zone, for its receive time; default Asia/Shanghai. */
  timeZone?: string;
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

/**
 * The phone's receive time (`yyyy-MM-dd HH:mm:ss` in its zone, or ms), kept only when it is not after
 * the send time. A time in whole seconds is read as the end of its second (capped at the send time,
 * itself at most now): the SMS came at some moment of that second, and a link armed earlier in the
 * same second (bought, reset) must get it.
 */
function receiveTime(raw: string | null, sentAt: number, timeZone: string): number {
  const text = (raw ?? '').trim().replace('T', ' ').replace(/\//g, '-');
  let at: number | null = null;
  if (/^\d{13}$/.test(text)) at = Number(text);
  else if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)) at = endOfSecond(text, timeZone);
  if (at === null || at > sentAt + FUTURE_TOLERANCE_MS) return sentAt;
  return Math.min(at, sentAt);
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

  return {
    ok: true,
    message: {
      sender,
      recipient,
      text,
      receivedAt: receiveTime(str(f.receive_time) ?? parsed?.receiveTime ?? null, sentAt, input.timeZone ?? 'Asia/Shanghai'),
      sentAt,
      slot,
      deviceMark: (str(f.device_mark) ?? parsed?.deviceName ?? '').trim() || null,
      test: sender === '19999999999' && text.includes('该发送通道测试成功'),
    },
  };
}
