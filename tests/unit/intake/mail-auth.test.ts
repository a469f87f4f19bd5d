/**
 * The mail intake's own decisions: which DKIM signatures count (signed locally, keys from a local
 * DNS stand-in), when DKIM vouches for a From against a sender rule, and the served-domain list.
 */
import crypto from 'node:crypto';
import { dkimSign } from 'mailauth/lib/dkim/sign.js';
import { describe, expect, it } from 'vitest';
import { checkDkim, type DkimVerdict } from '../../../server/intake/mail/dkim.js';
import { metAlternatives, ruleAlternatives, vouched } from '../../../server/intake/mail/sender-rules.js';
import { servedDomains } from '../../../server/intake/mail/served-domains.js';

const key = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const privateKey = key.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const txt = `v=DKIM1; k=rsa; p=${key.publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;
const dns = async (name: string): Promise<string[][]> => {
  if (name === 's1._domainkey.example.com') return [[txt]];
  throw Object.assign(new Error(`ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
};

async function signed(message: string, more: { maxBodyLength?: number } = {}): Promise<string> {
  // mailauth signs what signatureData lists; its typings ask for the fields at the top level instead.
  const options = { signatureData: [{ signingDomain: 'example.com', selector: 's1', privateKey, maxBodyLength: more.maxBodyLength }] };
  const { signatures, errors } = await dkimSign(message, options as unknown as Parameters<typeof dkimSign>[1]);
  expect(errors).toEqual([]);
  return signatures + message;
}

/**
 * A valid signature over Subject and To only (mailauth's signer always adds From, as RFC 6376 asks):
 * relaxed/relaxed canonicalization by hand, for a message of one-line headers and a one-line body.
 */
function signedWithoutFrom(message: string): string {
  const [head, body] = message.split('\r\n\r\n');
  const bh = crypto.createHash('sha256').update(body).digest('base64');
  const lines = Object.fromEntries(
    head.split('\r\n').map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
  );
  const tags = `v=1; a=rsa-sha256; c=relaxed/relaxed; d=example.com; s=s1; h=subject:to; bh=${bh}; b=`;
  const canonical = `subject:${lines.subject}\r\nto:${lines.to}\r\ndkim-signature:${tags}`;
  const b = crypto.sign('sha256', Buffer.from(canonical), privateKey).toString('base64');
  return `DKIM-Signature: ${tags}${b}\r\n${message}`;
}

const MAIL = 'From: Example <no-reply@mail.example.com>\r\nTo: box@mail.test\r\nSubject: Your code\r\n\r\nYour code is 123456\r\n';

describe('checkDkim', () => {
  it("counts a passing signature of the From's organizational domain", async () => {
    expect(await checkDkim(Buffer.from(await signed(MAIL)), dns)).toEqual({
      from: 'no-reply@mail.example.com',
      fromAligned: true,
      signers: ['example.com'],
      temporary: false,
    });
  });

  it('does not count a signature over part of the body (l=) with more appended, nor one leaving From out', async () => {
    const partial = await signed(MAIL, { maxBodyLength: 10 });
    expect(await checkDkim(Buffer.from(`${partial}Forwarded: your code is 999999\r\n`), dns)).toMatchObject({
      signers: [],
      fromAligned: false,
    });
    expect(await checkDkim(Buffer.from(signedWithoutFrom(MAIL)), dns)).toMatchObject({ signers: [], fromAligned: false });
  });

  it('counts nothing for a mail with a second From, or a body changed after signing', async () => {
    const mail = await signed(MAIL);
    expect(await checkDkim(Buffer.from(`From: no-reply@google.com\r\n${mail}`), dns)).toMatchObject({ from: null, signers: [] });
    expect(await checkDkim(Buffer.from(mail.replace('123456', '654321')), dns)).toMatchObject({ signers: [], fromAligned: false });
  });

  it('says "temporary" when the DNS fails or does not answer in time', async () => {
    const mail = Buffer.from(await signed(MAIL));
    const failing = async () => {
      throw Object.assign(new Error('SERVFAIL'), { code: 'ESERVFAIL' });
    };
    expect(await checkDkim(mail, failing)).toMatchObject({ signers: [], temporary: true });
    expect(await checkDkim(mail, () => new Promise(() => {}), 50)).toMatchObject({ signers: [], temporary: true });
  });
});

describe('vouched', () => {
  const verdict = (from: string, signers: string[], fromAligned: boolean): DkimVerdict => ({
    from,
    signers,
    fromAligned,
    temporary: false,
  });
  const check = (from: string, rule: string, v: DkimVerdict) => vouched(from, metAlternatives(from, ruleAlternatives([rule])), v);

  it.each([
    ['no-reply@accounts.google.com', 'google.com', ['google.com'], true, true],
    ['no-reply@accounts.google.com', 'Accounts.Google.com', ['google.com'], true, true],
    ['no-reply@accounts.google.com', 'no-reply@accounts.google.com', ['accounts.google.com'], true, true],
    ['noreply@discord.com', 'discord.com|discordapp.com', ['discord.com'], true, true],
    ['noreply@telegram.org', 'Telegram', ['telegram.org'], true, true],
    // A From under the rule's domain, signed by its own organizational domain.
    ['x@mail.steampowered.com', 'mail.steampowered.com', ['steampowered.com'], true, true],
    // Forgeries: no signature, a signature by someone else, a domain that merely contains the rule.
    ['no-reply@accounts.google.com', 'google.com', [], false, false],
    ['no-reply@accounts.google.com', 'google.com', ['sendgrid.net'], false, false],
    ['no-reply@google.com.evil.test', 'google.com', ['evil.test'], true, false],
    ['google.com@gmail.com', 'google.com', ['gmail.com'], true, false],
    ['telegram@evil.test', 'telegram', [], false, false],
  ])('%s against rule %s, signed by %j (aligned: %s): %s', (from, rule, signers, aligned, expected) => {
    expect(check(from, rule, verdict(from, signers, aligned))).toBe(expected);
  });

  it('vouches for nothing when the From DKIM saw is not the one handed on', () => {
    expect(check('no-reply@google.com', 'google.com', verdict('other@google.com', ['google.com'], true))).toBe(false);
  });
});

describe('servedDomains', () => {
  it('takes every address of a stocked domain, reloads the list at most once a second for unknown domains, and finds a mailbox imported in between', async () => {
    let t = 0;
    let stock = ['a@one.test'];
    let loads = 0;
    const serves = servedDomains(
      {
        domains: async () => {
          loads++;
          return [...new Set(stock.map((a) => a.split('@')[1]))];
        },
        inStock: async (address) => stock.includes(address),
      },
      () => t,
    );
    expect(await serves('nobody@one.test')).toBe(true);
    expect(await serves('a@two.test')).toBe(false);
    expect(await serves('b@three.test')).toBe(false);
    expect(loads).toBe(1);
    stock = [...stock, 'new@two.test'];
    expect(await serves('new@two.test')).toBe(true);
    expect(await serves('other@two.test')).toBe(true);
    expect(loads).toBe(1);
    t += 1001;
    expect(await serves('x@four.test')).toBe(false);
    expect(loads).toBe(2);
  });
});
