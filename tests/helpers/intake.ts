/**
 * Phones for the intake tests: a device made through the API (its webhook URL and its secret, shown
 * once), and messages sent to it exactly as SmsForwarder sends them (tests/helpers/smsforwarder-app.ts).
 */
import { expect } from 'vitest';
import { defaultFormRequest, jsonTemplateRequest, type AppSms } from './smsforwarder-app.js';
import { localTime, type TestServer } from './server.js';

export interface Device {
  id: number;
  key: string;
  secret: string;
  webhook_url: string;
  path: string;
}

export async function addDevice(s: TestServer, supToken: string, body: Record<string, unknown> = {}): Promise<Device> {
  const r = await s.post('/api/device/add', { name: '测试手机', ...body }, supToken);
  expect(r.code, r.message).toBe(200);
  const path = new URL(r.data.webhook_url).pathname;
  return { id: r.data.id, key: path.split('/').pop()!, secret: r.data.secret, webhook_url: r.data.webhook_url, path };
}

export interface Posted {
  status: number;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read arbitrary JSON answers (the webhook's, the protocol's)
  json: any;
}

/** Sends a body to a path as the app would (its content type), returning the HTTP status and body. */
export async function postRaw(s: { url: string }, path: string, contentType: string, body: string): Promise<Posted> {
  const res = await fetch(s.url + path, { method: 'POST', headers: { 'content-type': contentType }, body });
  const text = await res.text();
  let json: Posted['json'] = null;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, text, json };
}

export interface SmsOptions {
  form?: 'default' | 'json';
  from?: string;
  /** `SIM1_<remark>` */
  simInfo?: string;
  /** The signed timestamp (default: the server's clock, a few ms on, distinct for every request). */
  timestamp?: number;
  secret?: string;
  receiveTime?: number;
}

/**
 * A phone signs each message with its own clock's ms, so two messages never share a timestamp; the
 * tests' clock stands still, so each request adds a millisecond or more (never past the allowed skew).
 */
let sent = 0;
const distinctMs = () => (sent = (sent + 1) % 60_000);

/** One SMS from a phone to the webhook, in the app's default form or its custom JSON template. */
export function smsRequest(s: TestServer, device: Device, text: string, o: SmsOptions = {}) {
  const now = s.clock.now();
  const sms: AppSms = {
    from: o.from ?? '+8610690000',
    text,
    simInfo: o.simInfo ?? 'SIM1_',
    receiveTime: localTime(o.receiveTime ?? now),
    deviceMark: 'Redmi',
  };
  const ts = o.timestamp ?? now + distinctMs();
  const secret = o.secret ?? device.secret;
  return o.form === 'json' ? jsonTemplateRequest(sms, secret, ts) : defaultFormRequest(sms, secret, ts);
}

export async function sendSms(s: TestServer, device: Device, text: string, o: SmsOptions = {}): Promise<Posted> {
  const req = smsRequest(s, device, text, o);
  return postRaw(s, device.path, req.contentType, req.body);
}
