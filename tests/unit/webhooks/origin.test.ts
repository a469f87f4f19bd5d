import { describe, expect, it } from 'vitest';
import { originOf } from '../../../server/webhooks/room.js';

describe("originOf: where a webhook URL's deliveries go, as the per-origin room counts it", () => {
  it('one origin however the URL spells it', () => {
    const one = [
      'https://hooks.example.com/a',
      'HTTPS://Hooks.Example.COM:443/b?x=1',
      'https://hooks.example.com',
      'https://hooks.example.com:443#f',
    ];
    expect(new Set(one.map(originOf))).toEqual(new Set(['https://hooks.example.com']));
    expect(originOf('http://127.0.0.1:8080/hook')).toBe('http://127.0.0.1:8080');
    expect(originOf('http://[::1]:80/')).toBe('http://[::1]');
  });

  it('another scheme or port is another origin; no URL is none', () => {
    expect(originOf('http://hooks.example.com/')).not.toBe(originOf('https://hooks.example.com/'));
    expect(originOf('https://hooks.example.com:8443/')).not.toBe(originOf('https://hooks.example.com/'));
    expect(originOf(null)).toBe(null);
    expect(originOf('')).toBe(null);
    expect(originOf('not a url')).toBe(null);
  });
});
