import { describe, expect, it } from 'vitest';
import { DEDUPE_WINDOW_MS, exactKey, isWithinWindow, messageFingerprint, type DedupeFields } from '../../../server/codes/dedupe.js';
import { parseSmsForwarder, type InboundSms } from '../../../server/intake/smsforwarder/request.js';
import { defaultFormRequest, jsonTemplateRequest, type AppSms } from '../../helpers/smsforwarder-app.js';

const SECRET = 'dedupe-secret';
const SENT = Date.UTC(2024, 5, 1, 4, 30, 5);
const sms: AppSms = {
  from: '1069',
  text: '【抖音】验证码8843，5分钟内有效。',
  simInfo: 'SIM1_+8613800138000',
  receiveTime: '2024-06-01 12:30:04',
};

function received(req: { contentType: string; body: string }, now = SENT): DedupeFields {
  const r = parseSmsForwarder({ ...req, secret: SECRET, now });
  if (!r.ok) throw new Error(r.reason);
  const m: InboundSms = r.message;
  return { source: 'sms', deviceId: 7, recipient: m.recipient, slot: m.slot, sender: m.sender, text: m.text, receivedAt: m.receivedAt };
}

describe('dedupe of inbound messages', () => {
  it("gives the app's retry of one request the same exact key", () => {
    const req = defaultFormRequest(sms, SECRET, SENT);
    expect(exactKey(received(req))).toBe(exactKey(received(req, SENT + 5000)));
  });

  it('gives two forwarding rules (another timestamp, another body shape) the same exact key', () => {
    const a = received(defaultFormRequest(sms, SECRET, SENT));
    const b = received(jsonTemplateRequest(sms, SECRET, SENT + 800), SENT + 800);
    expect(exactKey(a)).toBe(exactKey(b));
  });

  it('sees a copy received a moment later as the same message within the window only', () => {
    const a = received(defaultFormRequest(sms, SECRET, SENT));
    const b = received(defaultFormRequest({ ...sms, receiveTime: '2024-06-01 12:30:05' }, SECRET, SENT + 1000), SENT + 1000);
    expect(exactKey(a)).not.toBe(exactKey(b));
    expect(messageFingerprint(a)).toBe(messageFingerprint(b));
    expect(isWithinWindow(a.receivedAt, b.receivedAt)).toBe(true);
    // The same text again after a "resend" a minute and a half later is a new message.
    expect(isWithinWindow(a.receivedAt, a.receivedAt + 90_000)).toBe(false);
    expect(DEDUPE_WINDOW_MS).toBeLessThanOrEqual(60_000);
  });

  it('tells apart the same text to another number, from another sender or device, and another text', () => {
    const base = received(defaultFormRequest(sms, SECRET, SENT));
    const f = messageFingerprint(base);
    expect(messageFingerprint({ ...base, recipient: '+8613900000000' })).not.toBe(f);
    expect(messageFingerprint({ ...base, sender: '1068' })).not.toBe(f);
    expect(messageFingerprint({ ...base, deviceId: 8 })).not.toBe(f);
    expect(messageFingerprint({ ...base, source: 'manual' })).not.toBe(f);
    expect(messageFingerprint({ ...base, text: base.text.replace('8843', '8844') })).not.toBe(f);
    expect(messageFingerprint({ ...base, recipient: null, slot: 1 })).not.toBe(messageFingerprint({ ...base, recipient: null, slot: 2 }));
  });

  it('ignores line endings, spacing around the text and the case of a sender name', () => {
    const base: DedupeFields = {
      source: 'mail',
      recipient: 'a@b.c',
      sender: 'NoReply@Example.com',
      text: 'Code 1234\r\nBye ',
      receivedAt: 0,
    };
    expect(messageFingerprint({ ...base, sender: 'noreply@example.com', text: 'Code 1234\nBye' })).toBe(messageFingerprint(base));
  });
});
