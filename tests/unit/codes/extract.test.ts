import { describe, expect, it } from 'vitest';
import { extractCode, findCode } from '../../../server/codes/extract.js';
import { MESSAGES } from './extract-messages.js';

describe('extractCode: the message table', () => {
  it('holds at least 80 messages in at least ten languages, some without a code', () => {
    expect(MESSAGES.length).toBeGreaterThanOrEqual(80);
    expect(new Set(MESSAGES.map((m) => m.lang.slice(0, 2))).size).toBeGreaterThanOrEqual(10);
    expect(MESSAGES.filter((m) => m.code === null).length).toBeGreaterThanOrEqual(15);
  });

  it.each(MESSAGES.map((m) => [`${m.lang} ${m.service}: ${m.text.slice(0, 40)}`, m] as const))('%s', (_name, m) => {
    expect(extractCode(m.text)).toBe(m.code);
  });
});

describe('findCode: why a code was chosen', () => {
  it('names the keyword that anchored it, and tells weak anchors apart', () => {
    expect(findCode('【淘宝】验证码：931520，请勿泄露')).toEqual({ code: '931520', kind: 'digits', anchor: 'keyword', keyword: '验证码' });
    expect(findCode('Use 4829 to sign in to Lyft')).toMatchObject({ code: '4829', anchor: 'weak-keyword' });
    expect(findCode('Your WhatsApp code: 318-204')).toMatchObject({ code: '318204', kind: 'grouped' });
    expect(findCode('Your Steam verification code is: F3J2K')).toMatchObject({ code: 'F3J2K', kind: 'alnum' });
  });

  it("reads Apple's domain-bound line before anything else", () => {
    expect(findCode('Code 111111 is old.\n\n@apple.com #928374 %apple.com')).toMatchObject({ code: '928374', anchor: 'domain' });
  });

  it('takes a message that is only a code, and nothing that is only a number of another kind', () => {
    expect(findCode('<#> 830192 FA+9qCX9VSu')).toMatchObject({ code: '830192', anchor: 'alone' });
    expect(findCode('2024')).toBeNull();
    expect(findCode('Room 1204')).toBeNull();
    expect(findCode('')).toBeNull();
  });
});

describe('codes with letters', () => {
  it('keeps letters and hyphens as written; digit groups lose their separators', () => {
    expect(findCode('Your Notion login code is mlq-prz-vaw')).toMatchObject({ code: 'mlq-prz-vaw', kind: 'alnum', keyword: 'code' });
    expect(findCode('Twitter: your confirmation code is x7k2mq9p')).toMatchObject({ code: 'x7k2mq9p', kind: 'alnum' });
    expect(extractCode('Your WhatsApp code: 318-204')).toBe('318204');
  });

  it('need a strong keyword: a weak one anchors digits only', () => {
    expect(extractCode('Use x7k2mq9p to sign in')).toBeNull();
    expect(extractCode('Use 4829 to sign in')).toBe('4829');
  });

  it('lose to digits in reach, unless the digits are something else', () => {
    expect(extractCode('Your login code is 735192\nSession id x7k2mq9p')).toBe('735192');
    expect(extractCode('Your code: 4821 (ref K7P9QX)')).toBe('4821');
    expect(extractCode('Your code is x7k2mq9p. Reply STOP to 40404')).toBe('x7k2mq9p');
  });

  it('capital letters alone: right after the keyword, and no word (two vowels)', () => {
    expect(extractCode('Your Steam code: FKQRT')).toBe('FKQRT');
    expect(extractCode('Your code for Steam is FKQRT')).toBeNull();
    expect(extractCode('Your code for STEAM is F3J2K')).toBe('F3J2K');
    expect(extractCode('Your Steam Guard code is 4QFXW')).toBe('4QFXW');
    expect(extractCode('Your code is VALID')).toBeNull();
  });

  it('hyphenated letters: three groups, one without a vowel, and digits in reach win', () => {
    expect(extractCode('Your code: mlq-prz-vaw')).toBe('mlq-prz-vaw');
    expect(extractCode('Your code for the set-top-box is ready')).toBeNull();
    expect(extractCode('Your code is opt-out')).toBeNull();
    expect(extractCode('Your activation code for the set-top-box: 4821')).toBe('4821');
  });

  it('stand on their own line under the sentence that names them, further away', () => {
    const mail = 'Here is the code you need to sign in to the account you created last week:\n\nx7k2mq9p\n';
    expect(extractCode(mail)).toBe('x7k2mq9p');
    expect(extractCode(mail.replace('\n\nx7k2mq9p\n', ' and more words: x7k2mq9p'))).toBeNull();
  });
});

describe('extractCode: what is never a code', () => {
  it.each([
    ['a year glued to 年', '验证码：2024年'],
    ['a date', 'Your code expired on 2024-05-06'],
    ['a time', 'Your code is 12:30'],
    ['a masked card tail', '您尾号1234的卡'],
    ['a number after a negative word', 'tel 4821'],
    ['a lower-case word', 'Your code: expired'],
    ['a lower-case word with a digit glued', 'Your code: 2fast'],
    ['a reference', 'Ref X7Y2'],
    ['an amount in rupees', 'OTP sent. Amount Rs. 5000'],
    ['digits only inside a link', 'Your code: https://example.com/c/482913'],
    ['digits only inside a mail address', 'Your code was sent to user482913@example.com'],
  ])('%s', (_why, text) => {
    expect(extractCode(text)).toBeNull();
  });

  it('still takes a year-shaped number right after a strong keyword, and a keyword-less yyyymmdd never', () => {
    expect(extractCode('验证码2024')).toBe('2024');
    expect(extractCode('Your code: 20240315')).toBe('20240315');
    expect(extractCode('Valid until 20240315')).toBeNull();
  });

  it('skips the phone number between the keyword and the code', () => {
    expect(extractCode('验证码已发送至 13800138000，验证码 4821')).toBe('4821');
    expect(extractCode('Code sent to +1 415 555 0132. Code: 5521')).toBe('5521');
  });
});
