/** SMS-Activate's country numbers read in Chinese in the store; a number not in the list still says which it is. */
import { describe, expect, it } from 'vitest';
import { countryName } from '../../../src/common/countries';

describe('countryName', () => {
  it('names the common countries by their SMS-Activate number', () => {
    const names = Object.fromEntries([0, 1, 2, 3, 4, 6, 7, 10, 12, 16, 22, 36, 43, 52, 73, 78, 187].map((n) => [n, countryName(n)]));
    expect(names).toEqual({
      0: '俄罗斯',
      1: '乌克兰',
      2: '哈萨克斯坦',
      3: '中国',
      4: '菲律宾',
      6: '印度尼西亚',
      7: '马来西亚',
      10: '越南',
      12: '美国(虚拟)',
      16: '英国',
      22: '印度',
      36: '加拿大',
      43: '德国',
      52: '泰国',
      73: '巴西',
      78: '法国',
      187: '美国',
    });
  });

  it('names less common ones too', () => {
    expect([33, 117, 151, 175, 196].map(countryName)).toEqual(['哥伦比亚', '葡萄牙', '智利', '澳大利亚', '新加坡']);
  });

  it('a number not in the list reads 国家 <n>; no number is country 0', () => {
    expect(countryName(9876)).toBe('国家 9876');
    expect(countryName(null)).toBe('俄罗斯');
  });
});
