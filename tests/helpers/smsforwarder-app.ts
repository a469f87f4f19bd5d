/**
 * Builds webhook requests the way SmsForwarder builds them (pppscn/SmsForwarder
 * utils/sender/WebhookUtils.kt, entity/MsgInfo.kt), step by step, so tests send what phones send:
 * - sign = java.net.URLEncoder.encode(Base64(HmacSHA256(secret, ts + "\n" + secret)))
 * - default form: Retrofit @FieldMap -> OkHttp FormBody, which percent-encodes the value again
 * - JSON template: tags replaced in the user's template; [from] raw, text tags escaped by Gson
 *   (whose default escapes < > & = ' as \u003c ...), [sign] once URL-encoded, [timestamp] bare
 */
import crypto from 'node:crypto';

export interface AppSms {
  from: string;
  text: string;
  /** `SIM1_<remark>`, `SIM2_<remark>`, or '' when the app could not tell the slot. */
  simInfo: string;
  subId?: number;
  /** The phone's local receive time, `yyyy-MM-dd HH:mm:ss`. */
  receiveTime: string;
  deviceMark?: string;
  /** Before January 2023 the default template had no SubId line. */
  oldLayout?: boolean;
}

export interface AppRequest {
  contentType: string;
  body: string;
}

/** java.net.URLEncoder.encode(s, "UTF-8"): only [A-Za-z0-9.*_-] stay, space becomes "+". */
export function javaUrlEncode(s: string): string {
  return encodeURIComponent(s)
    .replace(/[!'()~]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase())
    .replace(/%20/g, '+');
}

// OkHttp's FORM_ENCODE_SET, plus what canonicalize always encodes (controls, non-ASCII, %, +).
const FORM_ENCODE_SET = ' "\':;<=>@[]^`{}|/\\?#&!$(),~%+';

export function okhttpFormEncode(s: string): string {
  let out = '';
  for (const byte of Buffer.from(s, 'utf8')) {
    const ch = String.fromCharCode(byte);
    out += byte < 0x20 || byte >= 0x7f || FORM_ENCODE_SET.includes(ch) ? '%' + byte.toString(16).toUpperCase().padStart(2, '0') : ch;
  }
  return out;
}

/** Gson().toJson(str) without its quotes (WebhookUtils.escapeJson). */
export function gsonEscape(s: string): string {
  return JSON.stringify(s)
    .slice(1, -1)
    .replace(/[<>&=']/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
}

export function appSign(timestamp: number, secret: string): string {
  const raw = crypto.createHmac('sha256', secret).update(`${timestamp}\n${secret}`).digest('base64');
  return javaUrlEncode(raw);
}

/** MsgInfo.getContentForSend() with no custom SMS template. */
export function defaultContent(sms: AppSms): string {
  const lines = [sms.from, sms.text, sms.simInfo];
  if (!sms.oldLayout) lines.push(`SubId：${sms.subId ?? 1}`);
  lines.push(sms.receiveTime, (sms.deviceMark ?? '').trim());
  return lines.join('\n').trim();
}

/** The default request: POST form from, content, timestamp, sign. */
export function defaultFormRequest(sms: AppSms, secret: string, timestamp: number): AppRequest {
  const fields: Array<[string, string]> = [
    ['from', sms.from],
    ['content', defaultContent(sms)],
    ['timestamp', String(timestamp)],
  ];
  if (secret) fields.push(['sign', appSign(timestamp, secret)]);
  return {
    contentType: 'application/x-www-form-urlencoded',
    body: fields.map(([k, v]) => `${okhttpFormEncode(k)}=${okhttpFormEncode(v)}`).join('&'),
  };
}

export const JSON_TEMPLATE =
  '{"from":"[from]","content":"[org_content]","card_slot":"[card_slot]","receive_time":"[receive_time]",' +
  '"device_mark":"[device_mark]","timestamp":"[timestamp]","sign":"[sign]"}';

/** A custom JSON template, tags replaced the way WebhookUtils replaces them. */
export function jsonTemplateRequest(sms: AppSms, secret: string, timestamp: number, template = JSON_TEMPLATE): AppRequest {
  const sign = secret ? appSign(timestamp, secret) : '';
  const body = template
    .replace(/\[from]/g, sms.from)
    .replace(/\[content]/g, gsonEscape(defaultContent(sms)))
    .replace(/\[org_content]/g, gsonEscape(sms.text))
    .replace(/\[device_mark]/g, gsonEscape(sms.deviceMark ?? ''))
    .replace(/\[card_slot]/g, gsonEscape(sms.simInfo))
    .replace(/\[receive_time]/g, sms.receiveTime)
    .replace(/\[timestamp]/g, String(timestamp))
    .replace(/\[sign]/g, sign);
  return { contentType: 'application/json; charset=utf-8', body };
}
