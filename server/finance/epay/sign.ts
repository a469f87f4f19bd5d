import crypto from 'node:crypto';

/**
 * The 易支付 (epay) signature, MD5 mode: every parameter but `sign` and `sign_type` whose value is not
 * empty, sorted by name, joined as `a=1&b=2` with the values as they are (not URL-encoded), the
 * merchant key appended with nothing between, MD5 in lower-case hex.
 */
export function epaySign(params: Record<string, string>, key: string): string {
  const text = Object.keys(params)
    .filter((name) => name !== 'sign' && name !== 'sign_type' && params[name] !== '')
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&');
  return crypto
    .createHash('md5')
    .update(text + key, 'utf8')
    .digest('hex');
}

/** Whether `params.sign` is the signature of the rest under `key` (compared in constant time). */
export function epaySigned(params: Record<string, string>, key: string): boolean {
  const given = Buffer.from(String(params.sign ?? '').toLowerCase());
  const expected = Buffer.from(epaySign(params, key));
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** Parameters with their signature added, ready to send. */
export function signed(params: Record<string, string>, key: string): Record<string, string> {
  return { ...params, sign: epaySign(params, key), sign_type: 'MD5' };
}
