/** TRON addresses are checked as base58check (version 0x41, double SHA-256 checksum), not by shape alone. */
import { describe, expect, it } from 'vitest';
import { isTronAddress } from '../../../server/finance/usdt/address.js';

describe('isTronAddress', () => {
  it('accepts real mainnet addresses', () => {
    for (const a of ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'TJmmqjb1DK9TTZbQXzRQ2AuA94z4gKAPFh', 'TLCuBEirVzB6V4menLZKw1jfBTFMZbuKq7']) {
      expect(isTronAddress(a), a).toBe(true);
    }
  });

  it('refuses one wrong character, a missing one, other alphabets and other versions', () => {
    const good = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
    for (let i = 1; i < good.length; i += 1) {
      const swapped = good.slice(0, i) + (good[i] === 'a' ? 'b' : 'a') + good.slice(i + 1);
      expect(isTronAddress(swapped), swapped).toBe(false);
    }
    for (const bad of [
      good.slice(0, 33),
      `${good}1`,
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6O',
      '0x41a614f803b6fd780986a42c78ec9c7f77e6ded13c',
      '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
      '',
      42,
      null,
    ]) {
      expect(isTronAddress(bad), String(bad)).toBe(false);
    }
  });
});
