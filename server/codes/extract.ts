/**
 * The verification code in a message's text, or null when it holds none.
 *
 * This is the one entry point every intake path calls (server/codes/deliver.ts). A first version:
 * a 4-8 digit run near a code keyword, else a lone 4-8 digit run that is not a year. The intake
 * issue replaces the inside with the full normalization and the multilingual pattern table.
 */
const KEYWORDS = /(验证码|校验码|动态码|code|код|kode|código|codice|pin|otp)/i;
const RUN = /(?<![\d.,$¥€£])\d{4,8}(?![\d.,%])/g;

export function extractCode(text: string): string | null {
  const clean = text.normalize('NFKC').replace(/[\u200b-\u200d\ufeff]/g, '');
  const runs = [...clean.matchAll(RUN)];
  if (!runs.length) return null;
  const keyword = KEYWORDS.exec(clean);
  if (keyword) {
    const after = runs.find((m) => m.index! >= keyword.index);
    return (after ?? runs[0])[0];
  }
  const plausible = runs.filter((m) => !/^(19|20)\d{2}$/.test(m[0]));
  return plausible.length === 1 ? plausible[0][0] : null;
}
