/** The CSV cell rules and the business-day helpers of the generated lists (pure functions). */
import { describe, expect, it } from 'vitest';
import type { FieldDef } from '../../../resources.config.ts';
import { formatMoney, formatSignedMoney, plainMoney } from '../../../src/framework/fields/format';
import { csvHeader, csvValue, defuseFormula } from '../../../src/framework/list/export-csv';
import { dateIn, setTimeZone } from '../../../src/framework/time-zone';

const text: FieldDef = { label: '备注', type: 'text' };
const money: FieldDef = { label: '金额', type: 'money' };
const count: FieldDef = { label: '次数', type: 'int' };

describe('CSV cells', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+SUM(A1:A9)', "'+SUM(A1:A9)"],
    ["-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
    ['@SUM(1+1)*cmd|x', "'@SUM(1+1)*cmd|x"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ['-', "'-"],
    ['+86 138 0000 0000', "'+86 138 0000 0000"],
  ])('defuses text a spreadsheet would run: %j', (cell, out) => {
    expect(defuseFormula(cell)).toBe(out);
  });

  it.each(['@zhangsan', '@zhang_san.01', '-12.5', '+86', '普通备注', 'a=b', 'x-y', ''])('leaves inert text as written: %j', (cell) => {
    expect(defuseFormula(cell)).toBe(cell);
  });

  it('writes money and counts as plain numbers whatever their sign, text through the rule', () => {
    expect(csvValue(money, -5, {}, 'amount')).toBe('-5.00');
    expect(csvValue(money, 1234567.5, {}, 'amount')).toBe('1234567.50');
    expect(csvValue(money, '0.1', {}, 'amount')).toBe('0.10');
    expect(csvValue({ ...money, signed: true }, 12, {}, 'amount')).toBe('12.00');
    expect(csvValue(count, -3, {}, 'n')).toBe('-3');
    expect(csvValue(text, '=cmd', {}, 'remark')).toBe("'=cmd");
    expect(csvValue(text, null, {}, 'remark')).toBe('');
    expect(csvHeader(money)).toBe('金额 ($)');
    expect(csvHeader(text)).toBe('备注');
  });
});

describe('money formats', () => {
  it('shows, signs and exports cents exactly', () => {
    expect(formatMoney(0.1 + 0.2)).toBe('$0.30');
    expect(formatMoney(-0.004)).toBe('$0.00');
    expect(formatSignedMoney(12.5)).toBe('+$12.50');
    expect(formatSignedMoney(-1234.5)).toBe('-$1,234.50');
    expect(formatSignedMoney(0)).toBe('$0.00');
    expect(plainMoney(-0.05)).toBe('-0.05');
    expect(plainMoney(null)).toBe('');
  });
});

describe('business days', () => {
  // 2024-02-01 01:00 in Shanghai is still January 31 in UTC and in New York.
  const instant = Date.UTC(2024, 0, 31, 17, 0, 0);

  it('names the date of an instant in the business time zone', () => {
    setTimeZone('Asia/Shanghai');
    expect(dateIn(instant)).toBe('2024-02-01');
    setTimeZone('America/New_York');
    expect(dateIn(instant)).toBe('2024-01-31');
    setTimeZone('No/Such_Zone');
    expect(dateIn(instant)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    setTimeZone(undefined);
  });
});

describe('date presets', () => {
  it('are whole days of the business time zone: 今天, 昨天, 近7天 (today included), 本月', async () => {
    const { datePresets } = await import('../../../src/framework/list/date-presets');
    setTimeZone('Asia/Shanghai');
    const days = Object.fromEntries(
      datePresets(Date.UTC(2024, 0, 31, 17, 0, 0)).map((p) => [p.label, p.range.map((d) => d.format('YYYY-MM-DD'))]),
    );
    expect(days).toEqual({
      今天: ['2024-02-01', '2024-02-01'],
      昨天: ['2024-01-31', '2024-01-31'],
      近7天: ['2024-01-26', '2024-02-01'],
      本月: ['2024-02-01', '2024-02-29'],
    });
    setTimeZone(undefined);
  });
});
