/**
 * TOTP against RFC 6238's own test vectors (Appendix B, SHA-1 with the 20-byte ASCII key
 * "12345678901234567890", 8 digits) and RFC 4226's HOTP values (Appendix D, 6 digits), plus base32 as
 * authenticator apps read it and the window of accepted steps.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  hashRecoveryCode,
  hotp,
  matchStep,
  newRecoveryCode,
  newSecret,
  normalizeRecoveryCode,
  otpauthUrl,
  stepAt,
  totpAt,
} from '../../../server/accounts/totp.js';

const KEY = Buffer.from('12345678901234567890', 'ascii');

describe('RFC 6238 test vectors (SHA-1)', () => {
  const vectors: [number, string][] = [
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ];
  it.each(vectors)('T = %i s gives %s', (seconds, expected) => {
    expect(hotp(KEY, stepAt(seconds * 1000), 8)).toBe(expected);
  });

  it('6 digits are the last six of the same value, leading zeros kept', () => {
    const secret = base32Encode(KEY);
    expect(totpAt(secret, 59_000)).toBe('287082');
    expect(totpAt(secret, 1111111109_000)).toBe('081804');
  });

  it('SHA-256 and SHA-512 vectors of the same appendix (their own keys)', () => {
    const key256 = Buffer.from('12345678901234567890123456789012', 'ascii');
    const key512 = Buffer.from('1234567890123456789012345678901234567890123456789012345678901234', 'ascii');
    expect(hotp(key256, stepAt(59_000), 8, 'sha256')).toBe('46119246');
    expect(hotp(key512, stepAt(59_000), 8, 'sha512')).toBe('90693936');
  });
});

describe('RFC 4226 HOTP values', () => {
  const values = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
  it.each(values.map((v, i) => [i, v] as const))('counter %i gives %s', (counter, expected) => {
    expect(hotp(KEY, counter)).toBe(expected);
  });
});

describe('base32', () => {
  it('the key of the vectors, as apps take it', () => {
    expect(base32Encode(KEY)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ').equals(KEY)).toBe(true);
    expect(base32Decode('gezd gnbv gy3t qojq gezd gnbv gy3t qojq').equals(KEY)).toBe(true);
  });
  it('a new secret is 160 bits', () => {
    const secret = newSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
    expect(newSecret()).not.toBe(secret);
  });
});

describe('the accepted window', () => {
  const secret = base32Encode(KEY);
  const now = 1_700_000_015_000;
  const step = stepAt(now);
  it('accepts this step and one either side, answering which', () => {
    for (const d of [-1, 0, 1]) expect(matchStep(secret, totpAt(secret, now + d * 30_000), now)).toBe(step + d);
  });
  it('refuses two steps off, and anything not six digits', () => {
    expect(matchStep(secret, totpAt(secret, now - 60_000), now)).toBeNull();
    expect(matchStep(secret, totpAt(secret, now + 60_000), now)).toBeNull();
    expect(matchStep(secret, '12345', now)).toBeNull();
    expect(matchStep(secret, 'abcdef', now)).toBeNull();
  });
});

describe('recovery codes and the otpauth address', () => {
  it("codes are xxxxx-xxxxx, hashed however typed, keyed with the account's secret", () => {
    const code = newRecoveryCode();
    const secret = newSecret();
    expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(normalizeRecoveryCode(` ${code.toUpperCase().replace('-', ' ')} `)).toBe(code.replace('-', ''));
    expect(hashRecoveryCode(code.toUpperCase(), secret)).toBe(hashRecoveryCode(code, secret));
    expect(hashRecoveryCode(code, secret)).toMatch(/^[0-9a-f]{64}$/);
    // Not a plain hash a copied database could test guesses against, and another secret another hash.
    expect(hashRecoveryCode(code, secret)).not.toBe(crypto.createHash('sha256').update(code.replace('-', '')).digest('hex'));
    expect(hashRecoveryCode(code, newSecret())).not.toBe(hashRecoveryCode(code, secret));
  });
  it('the Key URI names the issuer and the account', () => {
    const url = otpauthUrl('sms.example.com', 'alice', 'ABCDEFGH');
    expect(url).toBe('otpauth://totp/sms.example.com%3Aalice?secret=ABCDEFGH&issuer=sms.example.com&algorithm=SHA1&digits=6&period=30');
  });
});
