import { describe, expect, it } from 'vitest';
import { parseSmsForwarder, splitGluedKey, type SmsForwarderInput } from '../../../server/intake/smsforwarder/request.js';
import { numberInRemark, parseDefaultContent } from '../../../server/intake/smsforwarder/content.js';
import {
  appSign,
  defaultContent,
  defaultFormRequest,
  javaUrlEncode,
  jsonTemplateRequest,
  okhttpFormEncode,
  type AppSms,
} from '../../helpers/smsforwarder-app.js';

const SECRET = 'dev-5f1c2a9e7b3d4c8a';
// 2024-06-01 12:30:05 in Asia/Shanghai; the phone received the SMS 3 s before it sent it.
const SENT = Date.UTC(2024, 5, 1, 4, 30, 5);
/** The receive time `12:30:02`, read as the end of its second. */
const RECEIVED = SENT - 3000 + 999;
const NOW = SENT + 400;

const sms: AppSms = {
  from: '106900001234',
  text: '【腾讯科技】您的微信验证码是：482913，\n用于手机号绑定，5分钟内有效。',
  simInfo: 'SIM1_中国移动_+8613800138000',
  subId: 3,
  receiveTime: '2024-06-01 12:30:02',
  deviceMark: '卡池-07',
};

function parse(req: { contentType: string; body: string }, over: Partial<SmsForwarderInput> = {}) {
  return parseSmsForwarder({ contentType: req.contentType, body: req.body, secret: SECRET, now: NOW, ...over });
}

describe('SmsForwarder default form', () => {
  it('verifies the doubly encoded signature and takes the text out of the formatted content', () => {
    const req = defaultFormRequest(sms, SECRET, SENT);
    // What arrives: the sign percent-encoded twice (%252B, %252F, %253D).
    expect(req.body).toMatch(/sign=[^&]*%25(2B|2F|3D)/);
    const r = parse(req);
    expect(r).toEqual({
      ok: true,
      message: {
        sender: '106900001234',
        recipient: '+8613800138000',
        text: '【腾讯科技】您的微信验证码是：482913，\n用于手机号绑定，5分钟内有效。',
        receivedAt: RECEIVED,
        sentAt: SENT,
        stamp: SENT,
        observedOffsetMs: 0,
        slot: 1,
        deviceMark: '卡池-07',
        test: false,
      },
    });
  });

  it('reads the layout from before the SubId line, and without a device name', () => {
    const r = parse(defaultFormRequest({ ...sms, oldLayout: true, deviceMark: '' }, SECRET, SENT));
    expect(r.ok && r.message).toMatchObject({ text: sms.text, recipient: '+8613800138000', deviceMark: null, receivedAt: RECEIVED });
  });

  it('falls back to the number bound to the slot when the remark holds none', () => {
    const req = defaultFormRequest({ ...sms, simInfo: 'SIM2_CMCC_null' }, SECRET, SENT);
    const r = parse(req, { slotNumbers: { sim1: '+8613800000001', sim2: '+86 139 0000 0002' } });
    expect(r.ok && r.message).toMatchObject({ slot: 2, recipient: '+8613900000002', text: sms.text });
  });

  it('with an unknown slot, takes the only bound number, and no number when two are bound', () => {
    const req = defaultFormRequest({ ...sms, simInfo: '' }, SECRET, SENT);
    const one = parse(req, { slotNumbers: { sim1: '+8613800000001' } });
    expect(one.ok && one.message).toMatchObject({ slot: null, recipient: '+8613800000001', text: sms.text });
    const two = parse(req, { slotNumbers: { sim1: '+8613800000001', sim2: '+8613900000002' } });
    expect(two.ok && two.message).toMatchObject({ slot: null, recipient: null, text: sms.text });
  });

  it("recognizes the app's channel test", () => {
    const test: AppSms = {
      from: '19999999999',
      text: '【接码平台】恭喜您，该发送通道测试成功，请继续添加转发规则！',
      simInfo: 'SIM1_测试运营商_18888888888',
      receiveTime: '2024-06-01 12:30:05',
    };
    const r = parse(defaultFormRequest(test, SECRET, SENT));
    expect(r.ok && r.message).toMatchObject({ test: true, recipient: '18888888888', sender: '19999999999' });
  });

  it('keeps a content that is not in the default layout (a custom SMS template) whole', () => {
    const fields = { from: '10690000', content: '来自10690000：验证码 5520', timestamp: String(SENT), sign: appSign(SENT, SECRET) };
    const body = Object.entries(fields)
      .map(([k, v]) => `${k}=${okhttpFormEncode(v)}`)
      .join('&');
    const r = parse({ contentType: 'application/x-www-form-urlencoded', body });
    expect(r.ok && r.message).toMatchObject({ sender: '10690000', text: '来自10690000：验证码 5520', recipient: null, receivedAt: SENT });
  });
});

describe('SmsForwarder JSON template', () => {
  it('takes the raw text, card slot, receive time and device mark, with Gson escapes and a once-encoded sign', () => {
    const tricky: AppSms = { ...sms, text: '<#> Your code: 318-204 "quoted" \\ & more\n4sgLq1p5sV6' };
    const req = jsonTemplateRequest(tricky, SECRET, SENT);
    expect(req.body).toContain('\\u003c#\\u003e');
    expect(req.body).toMatch(/"sign":"[^"]*%(2B|2F|3D)/);
    const r = parse(req);
    expect(r.ok && r.message).toEqual({
      sender: '106900001234',
      recipient: '+8613800138000',
      text: tricky.text,
      receivedAt: RECEIVED,
      sentAt: SENT,
      stamp: SENT,
      observedOffsetMs: 0,
      slot: 1,
      deviceMark: '卡池-07',
      test: false,
    });
  });

  it('accepts a bare numeric timestamp, an explicit receiving number, and a text/plain body holding JSON', () => {
    const template = '{"from":"[from]","to":"+7 912 345-67-89","content":"[org_content]","timestamp":[timestamp],"sign":"[sign]"}';
    const req = jsonTemplateRequest(sms, SECRET, SENT, template);
    const r = parse({ contentType: 'text/plain', body: req.body });
    expect(r.ok && r.message).toMatchObject({ recipient: '+79123456789', text: sms.text, receivedAt: SENT, slot: null });
  });

  it('parses the formatted content when the template sends [content] only', () => {
    const template = '{"from":"[from]","content":"[content]","timestamp":"[timestamp]","sign":"[sign]"}';
    const r = parse(jsonTemplateRequest(sms, SECRET, SENT, template));
    expect(r.ok && r.message).toMatchObject({ text: sms.text, recipient: '+8613800138000', slot: 1, receivedAt: RECEIVED });
  });

  it("reads a GET whose fields the app glued onto the path (its URL had no '?')", () => {
    // WebhookUtils: requestUrl += "&content=" + URLEncoder.encode(content) + "&timestamp=" + ts + "&sign=" + sign
    const url = `/api/ingest/sms/dev-key-1&content=${javaUrlEncode(defaultContent(sms))}&timestamp=${SENT}&sign=${appSign(SENT, SECRET)}`;
    const { key, fields } = splitGluedKey(url.split('/').pop()!);
    expect(key).toBe('dev-key-1');
    const r = parseSmsForwarder({ body: undefined, query: fields, secret: SECRET, now: NOW });
    // No `from` in this request: the sender comes from the content's first line.
    expect(r.ok && r.message).toMatchObject({ sender: sms.from, text: sms.text, recipient: '+8613800138000' });
    expect(splitGluedKey('dev-key-1')).toEqual({ key: 'dev-key-1', fields: {} });
  });

  it('takes fields from the query string (GET webhooks) and from a parsed object or a Buffer', () => {
    const fields = { from: '1069', org_content: '验证码 7788', timestamp: String(SENT), sign: appSign(SENT, SECRET) };
    expect(parseSmsForwarder({ body: undefined, query: fields, secret: SECRET, now: NOW }).ok).toBe(true);
    expect(parseSmsForwarder({ body: fields, secret: SECRET, now: NOW }).ok).toBe(true);
    const buf = Buffer.from(JSON.stringify(fields));
    const r = parseSmsForwarder({ contentType: 'application/json', body: buf, secret: SECRET, now: NOW });
    expect(r.ok && r.message.text).toBe('验证码 7788');
  });
});

describe('SmsForwarder refusals', () => {
  it('refuses a signature made with another secret, and a tampered one', () => {
    expect(parse(defaultFormRequest(sms, 'another-secret', SENT))).toMatchObject({ ok: false, reason: 'bad_signature', status: 401 });
    const req = jsonTemplateRequest(sms, SECRET, SENT);
    const tampered = req.body.replace(/"sign":"(.)/, (_m, c: string) => `"sign":"${c === 'A' ? 'B' : 'A'}`);
    expect(parse({ ...req, body: tampered })).toMatchObject({ ok: false, reason: 'bad_signature' });
    // A signature for another timestamp (a replayed sign on a fresh timestamp).
    const moved = req.body.replace(`"timestamp":"${SENT}"`, `"timestamp":"${SENT + 1}"`);
    expect(parse({ ...req, body: moved })).toMatchObject({ ok: false, reason: 'bad_signature' });
  });

  it('refuses an unsigned request (the app has no secret set) and one without a timestamp', () => {
    expect(parse(defaultFormRequest(sms, '', SENT))).toMatchObject({ ok: false, reason: 'missing_signature', status: 401 });
    const body = `from=1069&content=x&sign=${okhttpFormEncode(appSign(SENT, SECRET))}`;
    expect(parse({ contentType: 'application/x-www-form-urlencoded', body })).toMatchObject({
      ok: false,
      reason: 'missing_timestamp',
      status: 400,
    });
  });

  it('refuses a timestamp more than the allowed skew away, either way, and takes one inside it', () => {
    const req = defaultFormRequest(sms, SECRET, SENT);
    expect(parse(req, { now: SENT + 10 * 60_000 }).ok).toBe(true);
    expect(parse(req, { now: SENT + 10 * 60_000 + 1 })).toMatchObject({ ok: false, reason: 'stale' });
    expect(parse(req, { now: SENT - 10 * 60_000 - 1 })).toMatchObject({ ok: false, reason: 'stale' });
    expect(parse(req, { now: SENT + 30 * 60_000, maxSkewMs: 60 * 60_000 }).ok).toBe(true);
  });

  it('refuses a body that is not JSON although it says so', () => {
    expect(parse({ contentType: 'application/json', body: '{"from":"1069",' })).toMatchObject({
      ok: false,
      reason: 'bad_body',
      status: 400,
    });
    expect(parse({ contentType: 'application/json', body: '[1,2]' })).toMatchObject({ ok: false, reason: 'bad_body' });
  });

  it('accepts a sign whose "+" a proxy turned into a space', () => {
    let ts = SENT;
    while (!appSign(ts, SECRET).includes('%2B')) ts++;
    const raw = decodeURIComponent(appSign(ts, SECRET)).replace(/\+/g, ' ');
    const r = parseSmsForwarder({ body: { from: '1', org_content: 'x', timestamp: String(ts), sign: raw }, secret: SECRET, now: ts });
    expect(r.ok).toBe(true);
  });
});

describe('SmsForwarder receive time', () => {
  it('reads a whole-second receive time as the end of its second: a link armed earlier in that second gets the SMS', () => {
    const r = parse(defaultFormRequest(sms, SECRET, SENT));
    expect(r.ok && r.message.receivedAt).toBe(Date.UTC(2024, 5, 1, 4, 30, 2, 999));
  });

  it('caps the end of the second at the send time (received and sent in the same second)', () => {
    const sentAt = Date.UTC(2024, 5, 1, 4, 30, 2, 300);
    const r = parseSmsForwarder({ ...defaultFormRequest(sms, SECRET, sentAt), secret: SECRET, now: sentAt + 50 });
    expect(r.ok && r.message.receivedAt).toBe(sentAt);
  });

  it('caps it at now when the signed time is ahead of the server clock', () => {
    const sentAt = Date.UTC(2024, 5, 1, 4, 30, 2, 800);
    const now = Date.UTC(2024, 5, 1, 4, 30, 2, 500);
    const r = parseSmsForwarder({ ...defaultFormRequest(sms, SECRET, sentAt), secret: SECRET, now });
    expect(r.ok && r.message.receivedAt).toBe(now);
  });

  it('keeps a receive time in ms as it is', () => {
    const r = parse(jsonTemplateRequest({ ...sms, receiveTime: String(SENT - 2345) }, SECRET, SENT));
    expect(r.ok && r.message.receivedAt).toBe(SENT - 2345);
  });

  it('uses the send time when the phone claims a receive time after it (its zone is not ours)', () => {
    const ahead = parse(defaultFormRequest({ ...sms, receiveTime: '2024-06-01 13:30:02' }, SECRET, SENT));
    expect(ahead.ok && ahead.message.receivedAt).toBe(SENT);
  });

  it('reads the receive time in the zone given for the phone', () => {
    const utcPhone = { ...sms, receiveTime: '2024-06-01 04:30:02' };
    const r = parse(jsonTemplateRequest(utcPhone, SECRET, SENT), { timeZone: 'UTC' });
    expect(r.ok && r.message.receivedAt).toBe(RECEIVED);
  });

  it("keeps an older receive time once the phone's zone is learned: a message it held back while offline is old", () => {
    const r = parse(defaultFormRequest({ ...sms, receiveTime: '2024-06-01 11:00:00' }, SECRET, SENT), { clockOffsetMs: 0 });
    expect(r.ok && r.message.receivedAt).toBe(Date.UTC(2024, 5, 1, 3, 0, 0) + 999);
  });

  it('before the zone is learned, a receive time hours before the send time is a zone, and the send time is used', () => {
    // A phone set to Moscow time (UTC+3) against a business zone of Beijing (UTC+8): 07:30:02 there.
    const moscow = parse(defaultFormRequest({ ...sms, receiveTime: '2024-06-01 07:30:02' }, SECRET, SENT));
    expect(moscow.ok && moscow.message.receivedAt).toBe(SENT);
    expect(moscow.ok && moscow.message.observedOffsetMs).toBe(5 * 3_600_000);
  });

  it('with the learned offset, a phone in another zone has its true receive time', () => {
    const r = parse(defaultFormRequest({ ...sms, receiveTime: '2024-06-01 07:30:02' }, SECRET, SENT), { clockOffsetMs: 5 * 3_600_000 });
    expect(r.ok && r.message.receivedAt).toBe(RECEIVED);
    // India (UTC+5:30) is 2.5 hours behind Beijing: quarter hours are zones too.
    const delhi = parse(defaultFormRequest({ ...sms, receiveTime: '2024-06-01 10:00:02' }, SECRET, SENT));
    expect(delhi.ok && delhi.message.observedOffsetMs).toBe(2.5 * 3_600_000);
  });

  it('a gap that is no whole number of quarter hours is a delay, not a zone', () => {
    const r = parse(defaultFormRequest({ ...sms, receiveTime: '2024-06-01 12:22:02' }, SECRET, SENT));
    expect(r.ok && r.message.observedOffsetMs).toBeNull();
  });
});

describe('the default content layout', () => {
  it('splits sender, a multi-line text, SIM line, time and device name', () => {
    expect(parseDefaultContent(defaultContent(sms), sms.from)).toEqual({
      sender: sms.from,
      text: sms.text,
      simLine: sms.simInfo,
      receiveTime: sms.receiveTime,
      deviceName: '卡池-07',
    });
  });

  it('says "not this layout" for other texts', () => {
    expect(parseDefaultContent('验证码 1234', '1069')).toBeNull();
    expect(parseDefaultContent('1069\n验证码 1234\n2024-06-01 12:30:02', '1069')).toBeNull();
    expect(parseDefaultContent(defaultContent(sms), 'someone-else')).toBeNull();
  });

  it.each([
    ['SIM1_+8613800138000', '+8613800138000'],
    ['SIM1_中国移动_13800138000', '13800138000'],
    ['SIM2_CMCC_+86 138 0013 8000', '+8613800138000'],
    ['SIM1_CMCC_null', null],
    ['SIM1_主卡', null],
    ['', null],
  ])('number in remark %s', (remark, number) => {
    expect(numberInRemark(remark)).toBe(number);
  });
});
