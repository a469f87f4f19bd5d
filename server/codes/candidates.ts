/**
 * The tokens of a normalized text that could be a verification code, with what disqualifies the
 * others: dates, times, amounts, phone and card numbers, masked numbers, numbers with units. Codes
 * with letters are found by letter-codes.ts.
 */
import { allMatches } from './all-matches.js';
import { letterCodes } from './letter-codes.js';

export type CodeKind = 'digits' | 'grouped' | 'alnum';

export interface Candidate {
  start: number;
  end: number;
  /** The code as a user types it: digit groups lose their separators, codes with letters stay as written. */
  code: string;
  kind: CodeKind;
  /** A 4-digit year or an 8-digit yyyymmdd: a code only when a strong keyword sits right before it. */
  dateLike: boolean;
  /** Nothing else on its line (codes with letters; see letter-codes.ts). */
  ownLine?: boolean;
  /** Capital letters only: a code only right after its keyword (see letter-codes.ts). */
  wordShaped?: boolean;
}

// Digits joined by separators without spaces: 2024-05-06, 12:30, 1,234.56, 403-1234567, 123-456.
const CLUSTER = /\+?\d+(?:[.,:/-]\d+)*/g;
// Letters of the scripts whose words glue onto numbers ("10mins", "A123456"); CJK does not ("验证码1234").
const WORD_LETTER = /[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}\d]/u;
const MASK = /[*•●×]/;

const CURRENCY_BEFORE = new RegExp(
  '(?:[$¥€£₽₹₫₩฿₺₱₴]|(?<![\\p{L}])(?:US\\$|R\\$|HK\\$|NT\\$|S\\$|A\\$|RM|Rp|RMB|CNY|USD|EUR|GBP|INR|Rs\\.?|VND|IDR|' +
    'THB|TRY|TL|RUB|руб\\.?|SAR|AED|EGP|MXN|BRL|JPY|KRW|PHP|MYR|sum(?:a|ma)?|total|amount|montant|valor|importe|tutar|' +
    'jumlah|số tiền|сумм[аеуы]?)|金额|金額|余额|餘額|人民币)\\s*:?\\s*$',
  'iu',
);
// Units written right after a number. CJK ones need no edge ("5分钟内"); Latin and Cyrillic ones do.
const UNIT_AFTER = new RegExp(
  '^\\s*(?:[%‰₽€$₴₺]|元|块|圆|円|원|บาท|ريال|درهم|جنيه|积分|積分|分钟|分鐘|分|秒|小时|小時|天|年|月|日|号|號|次|个|個|' +
    '条|條|件|人|点|點|分間|분|시간|초|ポイント|นาที|دقائق|' +
    '(?:руб|р\\.?|đ|dong|vnd|usd|eur|rmb|cny|idr|rp|thb|tl|lira|dollars?|euros?|reais|pesos?|km|kg|mb|gb|kb|mah|ms|' +
    'mins?|minutes?|secs?|seconds?|hours?|hrs?|days?|phút|giây|menit|detik|dakika|minuten|минут\\p{L}*|мин|сек|points?|pts)' +
    '(?![\\p{L}]))',
  'iu',
);
const YEAR = /^(?:19|20)\d\d$/;
const YMD = /^(?:19|20)\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])$/;

interface Cluster {
  start: number;
  end: number;
  text: string;
}

function clusters(text: string): Cluster[] {
  return allMatches(CLUSTER, text).map((m) => ({ start: m.index!, end: m.index! + m[0].length, text: m[0] }));
}

function neighbours(text: string, start: number, end: number) {
  return { before: text[start - 1] ?? '', after: text[end] ?? '' };
}

/** Money, units, masks and glued letters around a number rule it out. */
function excludedByContext(text: string, start: number, end: number): boolean {
  const { before, after } = neighbours(text, start, end);
  if (WORD_LETTER.test(after) || MASK.test(after) || MASK.test(before) || before === '+') return true;
  // A letter right before is fine only as a prefix with a hyphen: "G-123456", "FB-12345".
  if (WORD_LETTER.test(before)) return true;
  if (CURRENCY_BEFORE.test(text.slice(Math.max(0, start - 12), start))) return true;
  if (UNIT_AFTER.test(text.slice(end, end + 12))) return true;
  // Ordinals and "No.": 第1234, №1234
  return /[第№]\s*$/.test(text.slice(Math.max(0, start - 2), start));
}

/** Space-separated digit groups: 123 456 and 12 34 56 are one code; 138 0013 8000 is a phone. */
function spaceRuns(text: string, list: Cluster[]): Cluster[][] {
  const runs: Cluster[][] = [];
  for (const c of list) {
    const run = runs[runs.length - 1];
    const prev = run?.[run.length - 1];
    if (prev && /^\d+$/.test(prev.text) && /^\d+$/.test(c.text) && text.slice(prev.end, c.start) === ' ') run.push(c);
    else runs.push([c]);
  }
  return runs;
}

const GROUPED_SHAPES = new Set(['3-3', '4-4', '2-2-2', '2-2-2-2', '3-3-2']);

function groupedShape(parts: string[]): boolean {
  return GROUPED_SHAPES.has(parts.map((p) => p.length).join('-'));
}

function digitCandidates(text: string): Candidate[] {
  const out: Candidate[] = [];
  for (const run of spaceRuns(text, clusters(text))) {
    const first = run[0];
    const last = run[run.length - 1];
    if (run.length > 1) {
      const parts = run.map((c) => c.text);
      if (groupedShape(parts) && !excludedByContext(text, first.start, last.end)) {
        out.push({ start: first.start, end: last.end, code: parts.join(''), kind: 'grouped', dateLike: false });
        continue;
      }
      // Three or more groups, or two adding up past 8 digits: a phone, card or IBAN, never a code.
      if (run.length > 2 || parts.join('').length > 8) continue;
    }
    for (const c of run) {
      if (excludedByContext(text, c.start, c.end)) continue;
      if (/^\d{4,8}$/.test(c.text)) {
        out.push({ start: c.start, end: c.end, code: c.text, kind: 'digits', dateLike: YEAR.test(c.text) || YMD.test(c.text) });
      } else if (/^(?:\d{3}-\d{3}|\d{4}-\d{4})$/.test(c.text)) {
        out.push({ start: c.start, end: c.end, code: c.text.replace('-', ''), kind: 'grouped', dateLike: false });
      }
    }
  }
  return out;
}

/** Every token that could be the code, in text order. */
export function findCandidates(text: string): Candidate[] {
  const letters = letterCodes(text).map((c): Candidate => ({ ...c, kind: 'alnum', dateLike: false }));
  return [...digitCandidates(text), ...letters].sort((a, b) => a.start - b.start);
}
