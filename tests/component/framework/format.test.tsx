import { describe, expect, it } from 'vitest';
import { formatCount, formatMoney, htmlToText, valueAsText } from '../../../src/framework/fields/format';
import { formatMoney as pagesFormatMoney } from '../../../src/common/money';
import { gadgets } from './test-config';

describe('formatMoney', () => {
  it('shows dollars with two decimals and thousands separators', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney('12.3')).toBe('$12.30');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(1_000_000)).toBe('$1,000,000.00');
  });

  it('puts the minus sign before the dollar sign, as the rest of the console does', () => {
    expect(formatMoney(-5)).toBe('-$5.00');
    expect(formatMoney(-1234.5)).toBe('-$1,234.50');
    expect(formatMoney(-5)).toBe(pagesFormatMoney(-5));
  });

  it('shows a dash for no value', () => {
    expect(formatMoney(null)).toBe('-');
    expect(formatMoney('')).toBe('-');
    expect(formatMoney('abc')).toBe('-');
  });
});

describe('formatCount', () => {
  it('shows whole numbers without separators (ids and counts)', () => {
    expect(formatCount(12345)).toBe('12345');
    expect(formatCount(null)).toBe('-');
  });
});

describe('htmlToText', () => {
  it('drops tags without splitting words, and separates blocks', () => {
    expect(htmlToText('<p>第一<b>段</b></p><p>第二段</p>')).toBe('第一段 第二段');
    expect(htmlToText('a<br>b<br/>c')).toBe('a b c');
    expect(htmlToText('<ul><li>一</li><li>二</li></ul>')).toBe('一 二');
    expect(htmlToText('<a href="x">链接</a>文字')).toBe('链接文字');
  });

  it('decodes entities once', () => {
    expect(htmlToText('1 &lt; 2 &amp;&amp; 3 &gt; 2&nbsp;!')).toBe('1 < 2 && 3 > 2 !');
    expect(htmlToText('&amp;lt;')).toBe('&lt;');
  });

  it('is empty for nothing', () => {
    expect(htmlToText(null)).toBe('');
  });
});

describe('valueAsText by field type', () => {
  const f = gadgets.fields;
  it('formats each type', () => {
    expect(valueAsText(f.price, 1234.5, {}, 'price')).toBe('$1,234.50');
    expect(valueAsText(f.id, 12345, {}, 'id')).toBe('12345');
    expect(valueAsText(f.active, true, {}, 'active')).toBe('是');
    expect(valueAsText(f.active, false, {}, 'active')).toBe('否');
    expect(valueAsText(f.kind, 'b', {}, 'kind')).toBe('乙型');
    expect(valueAsText(f.kind, 'zzz', {}, 'kind')).toBe('zzz');
    expect(valueAsText(f.notes, '<p>说<i>明</i></p>', {}, 'notes')).toBe('说明');
    expect(valueAsText(f.owner, 7, { owner_label: '老王' }, 'owner')).toBe('老王');
    expect(valueAsText(f.owner, 7, {}, 'owner')).toBe('7');
    expect(valueAsText(f.made_at, '2024-03-05 10:20:30', {}, 'made_at')).toBe('2024-03-05 10:20:30');
    expect(valueAsText(f.name, null, {}, 'name')).toBe('');
  });
});
