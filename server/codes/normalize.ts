/**
 * Text normalization before looking for a code: one character set for digits and letters, no
 * invisible characters, no links or mail addresses (their digits are never the code).
 */

// Zero-width, soft hyphen, bidi marks and isolates (Arabic and Hebrew messages are full of them).
const INVISIBLE = /[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

// NFKC turns the full-width comma, stop and colon into ASCII ones that would glue "1234，5分钟" into
// "1234,5"; give them a space so a Chinese sentence never joins two numbers.
const WIDE_PUNCT: Record<string, string> = { '\uff0c': ', ', '\uff0e': '. ', '\uff1a': ': ', '\uff1b': '; ' };

/** Every decimal digit outside ASCII (Arabic-Indic, Devanagari, Thai...) to its ASCII digit. */
function asciiDigits(text: string): string {
  // eslint-disable-next-line no-control-regex -- the ASCII range on purpose: everything outside it may be another script's digit
  return text.replace(/[^\x00-\x7f]/gu, (ch) => {
    if (!/\p{Nd}/u.test(ch)) return ch;
    // Unicode keeps each script's digits as a run of ten starting at zero: walk back to the run's start.
    const cp = ch.codePointAt(0)!;
    let start = cp;
    while (start > 0 && /\p{Nd}/u.test(String.fromCodePoint(start - 1))) start--;
    return String((cp - start) % 10);
  });
}

const SCHEME_LINK = /(?:https?:\/\/|www\.)[^\s<>"'()[\]{}，。、）】]+/giu;
// Bare domains in lowercase with a known top-level domain (t.me/..., v.whatsapp.com/123456, 12306.cn);
// lowercase and a closed list (no word-like "in", "it", "is", "do") so "12345.Do not share" stays text.
const BARE_LINK = new RegExp(
  '(?<![\\p{L}\\p{N}@._-])(?:[a-z0-9][a-z0-9-]*\\.)+' +
    '(?:com|cn|net|org|info|io|me|co|ru|su|ua|app|dev|ly|gl|gd|ai|vn|th|jp|kr|de|fr|br|tr|uk|xyz|top|cc|tv|hk|tw|sg|ph|pk|bd|eg|sa|ae|es|pt|nl|pl|mx|cl|au|nz|link|site|online|shop|store|club|vip|page|sh)' +
    '(?![\\p{L}\\p{N}-])(?:[/?#][^\\s<>"\'()\\[\\]{}，。、）】]*)?',
  'gu',
);
const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;

/** The text as the extractor reads it. Links and addresses become a single space. */
export function normalizeText(text: string): string {
  let t = text.replace(/[\uff0c\uff0e\uff1a\uff1b]/g, (ch) => WIDE_PUNCT[ch]);
  // Most SMS are ASCII and Chinese, which NFKC leaves as they are: its tables are not walked for them.
  if (!UNCHANGED.test(t)) {
    t = t.normalize('NFKC').replace(INVISIBLE, '');
    t = asciiDigits(t);
  }
  t = t.replace(/\r\n?/g, '\n');
  return t;
}

// ASCII, CJK symbols and punctuation (、。《》【】...) and CJK ideographs: NFKC changes none of them, and
// none is invisible or a digit of another script.
// eslint-disable-next-line no-control-regex -- the whole ASCII range on purpose, control characters included
const UNCHANGED = /^[\x00-\x7f\u3001-\u3035\u4e00-\u9fff]*$/;

/** Removes links and mail addresses (after the domain-bound code line was read: it holds one). */
export function removeLinks(text: string): string {
  // Every link and address holds a dot or "://": most SMS hold neither, and the scans cost more than this.
  if (!text.includes('.') && !text.includes('://')) return text;
  return text.replace(SCHEME_LINK, ' ').replace(EMAIL, ' ').replace(BARE_LINK, ' ');
}
