import { describe, expect, it } from 'vitest';
import { reachOf } from '../../../src/resources/devices/reachable';

describe('whether a phone can reach a webhook URL', () => {
  it('a URL pointing at the server itself is never reachable: PUBLIC_URL is named', () => {
    for (const url of [
      'http://127.0.0.1:8080/api/ingest/sms/k',
      'http://localhost:8080/x',
      'http://[::1]:8080/x',
      'http://0.0.0.0:8080/x',
    ]) {
      const r = reachOf(url);
      expect(r?.level, url).toBe('never');
      expect(r?.message).toContain('PUBLIC_URL');
    }
  });

  it('a LAN address reaches phones on the same Wi-Fi only', () => {
    for (const url of ['http://192.168.1.20:8080/x', 'http://10.0.0.5/x', 'http://172.20.1.1/x', 'http://server.local/x']) {
      expect(reachOf(url)?.level, url).toBe('lan');
    }
  });

  it('a public address says nothing', () => {
    expect(reachOf('https://sms.example.com/api/ingest/sms/k')).toBeNull();
    expect(reachOf('http://172.32.0.1/x')).toBeNull();
  });
});
