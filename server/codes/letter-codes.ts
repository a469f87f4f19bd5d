/**
 * The tokens with letters that could be a verification code: `F3J2K`, `x7k2mq9p`, `Qm7Tz4`,
 * `FKQRT`, `mlq-prz-vaw`, `4QF-7XW`. Words, names, versions, units, dates and times, promotions,
 * domain parts, handles and link pieces are left out here; extract.ts then wants a strong keyword
 * close by (docs/business-rules.md, "Code extraction").
 */
import { allMatches } from './all-matches.js';

export interface LetterCode {
  start: number;
  end: number;
  /** As written: letters keep their case, groups keep their hyphens (services take them so). */
  code: string;
  /** Nothing else on its line: mails set the code apart under the sentence that names it. */
  ownLine: boolean;
  /** Capital letters only (`FKQRT`): reads like a word, so a code only right after its keyword. */
  wordShaped: boolean;
}

// Letters and digits, alone or in groups joined by single hyphens, that hold a letter and a digit,
// five capitals in a row or a hyphen: the engine passes over plain words and numbers without
// handing each to the tests below.
const TOKEN =
  /(?<![A-Za-z0-9-])(?=[A-Za-z]*\d+[A-Za-z]|\d*[A-Za-z]+\d|[A-Za-z0-9-]*[A-Z]{5}|[A-Za-z0-9]*-[A-Za-z0-9])[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*/g;
// Letters of the scripts whose words glue onto a token, and the characters of handles, hashtags,
// masks, paths, query strings and base64 (an app hash split by "+" is no code).
const GLUED = /[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}\d*#@/\\_=&%+-]/u;

// Upper-case tokens that carry a digit but are words: networks, formats, standards.
const KNOWN_WORDS = new Set([
  'COVID19',
  'IPV4',
  'IPV6',
  'MP3',
  'MP4',
  'H5',
  'A4',
  'A3',
  'B2B',
  'B2C',
  'O2O',
  'P2P',
  'G20',
  'G7',
  'WIN10',
  'WIN11',
  'PS4',
  'PS5',
  'IOS17',
  'IOS18',
  'HTTP2',
  'UTF8',
  'UTF16',
  'ISO9001',
  'SHA256',
  'MD5',
  'WEB3',
  '3DS',
  '2FA',
  'OTP1',
  'H264',
  'H265',
  'X264',
  'X265',
  'I18N',
  'L10N',
  'K8S',
]);
const UNIT_SUFFIX =
  /^\d+(?:ST|ND|RD|TH|G|GB|MB|KB|TB|K|M|H|S|D|MIN|MINS|SEC|SECS|HR|HRS|X|AM|PM|P|MS|KM|KG|MAH|HZ|GHZ|USD|EUR|GBP|RMB|CNY|RUB|VND|IDR|INR|JPY|KRW|BRL|TRY)$/;
const WORD_PREFIX = /^(?:V|VER|NO|REF|ID|TEL|EXT|ORDER|SN|NR)\d+$/;
const MONTH = '(?:JAN|FEB|MAR|APR|MAY|JUNE?|JULY?|AUG|SEPT?|OCT|NOV|DEC)';
// 15MAR24, 10H30 (French time), 1H30M, 800X600.
const DATE_TIME_SIZE = new RegExp(`^(?:\\d{1,2}${MONTH}\\d{0,4}|${MONTH}\\d{1,4}|\\d{1,2}H\\d{2}|(?:\\d+[HMS]){2,3}|\\d+X\\d+)$`);
const VOWELS = /[AEIOU]/g;

const vowels = (s: string) => s.match(VOWELS)?.length ?? 0;

/** A token of one group, letters with digits: rejected when it reads as something else. */
function codeWithDigits(token: string): boolean {
  const upper = token.toUpperCase();
  if (KNOWN_WORDS.has(upper) || UNIT_SUFFIX.test(upper) || WORD_PREFIX.test(upper) || DATE_TIME_SIZE.test(upper) || /^XX/.test(upper))
    return false;
  // A word then a number: iphone15, covid19, john99, rtx4090 in lower case; SAVE20, HEMAT50 in capitals
  // (random codes interleave; capitals with digits at the end are codes unless the letters read as a word).
  const word = /^([A-Za-z]{2,})\d+$/.exec(token);
  if (word) return token === upper && (word[1].length < 3 || vowels(word[1]) < 2);
  // A number then a word in lower case: 12th, 500mb, 2fast (in capitals, 4QFXW is a Steam code).
  return token === upper || !/^\d+[A-Za-z]{2,}$/.test(token);
}

/**
 * Capital letters only, 5 to 8 of them with at most one vowel (code alphabets drop vowels so they
 * never spell a word; Steam's has none), in a text that is not written all in capitals.
 */
function codeOfLetters(token: string, shouting: () => boolean): boolean {
  return token.length >= 5 && token.length <= 8 && /^[A-Z]+$/.test(token) && vowels(token) <= 1 && !shouting();
}

/**
 * Groups of 3 to 5 letters and digits, all of one length and one case, 2 to 4 of them
 * (`4QF-7XW`, `ABCD-1234`). Letters only need three groups, one of them without a vowel
 * (`mlq-prz-vaw`; "opt-out" and "set-top-box" are words).
 */
function groupedCode(token: string): boolean {
  const groups = token.split('-');
  if (groups.length < 2 || groups.length > 4 || !/[A-Za-z]/.test(token)) return false;
  if (!groups.every((g) => g.length === groups[0].length && g.length >= 3 && g.length <= 5)) return false;
  if (/[a-z]/.test(token) && /[A-Z]/.test(token)) return false;
  return /\d/.test(token) || (groups.length >= 3 && groups.some((g) => !/[aeiouy]/i.test(g)));
}

/** A token that is part of something larger: a domain (`my.app4u.tech`), a handle, a path, a word. */
function glued(text: string, start: number, end: number): boolean {
  const before = text[start - 1] ?? '';
  const after = text[end] ?? '';
  if (GLUED.test(before) || GLUED.test(after)) return true;
  return (before === '.' && /[\p{L}\p{N}]/u.test(text[start - 2] ?? '')) || (after === '.' && /[a-z0-9]/.test(text[end + 1] ?? ''));
}

function onItsOwnLine(text: string, start: number, end: number): boolean {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const lineEnd = text.indexOf('\n', end);
  return !text.slice(lineStart, start).trim() && !text.slice(end, lineEnd < 0 ? undefined : lineEnd).trim();
}

/** No lower-case letter and several capital words: its capital words are words. */
function writtenInCapitals(text: string): boolean {
  return !/[a-z]/.test(text) && (text.match(/\b[A-Z]{2,}\b/g)?.length ?? 0) >= 4;
}

export function letterCodes(text: string): LetterCode[] {
  const out: LetterCode[] = [];
  let capitals: boolean | undefined;
  const shouting = () => (capitals ??= writtenInCapitals(text));
  for (const m of allMatches(TOKEN, text)) {
    const token = m[0];
    if (!/[A-Za-z]/.test(token)) continue; // digit groups (123-456) are candidates.ts's
    const start = m.index!;
    const end = start + token.length;
    let wordShaped = false;
    if (token.includes('-')) {
      if (!groupedCode(token)) continue;
    } else if (token.length < 4 || token.length > 8) {
      continue;
    } else if (/\d/.test(token)) {
      if (!codeWithDigits(token)) continue;
    } else if (codeOfLetters(token, shouting)) {
      wordShaped = true;
    } else {
      continue;
    }
    if (glued(text, start, end)) continue;
    out.push({ start, end, code: token, ownLine: onItsOwnLine(text, start, end), wordShaped });
  }
  return out;
}
