import fs from 'node:fs';
import path from 'node:path';

let read: string | undefined;

/**
 * The running code's version: package.json's "version", read once at run time (the one place it is
 * read: /healthz, /metrics, `npm run admin -- version` and backup manifests all ask here).
 */
export function appVersion(): string {
  if (read === undefined) {
    const file = path.resolve(import.meta.dirname, '..', '..', 'package.json');
    try {
      read = String(JSON.parse(fs.readFileSync(file, 'utf8')).version ?? '');
    } catch {
      read = '';
    }
  }
  return read;
}

/**
 * Orders two versions "x.y.z" by their numbers (a missing or non-numeric part counts as 0):
 * negative when `a` is older than `b`, 0 when equal, positive when newer.
 */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) =>
    v
      .split(/[.+-]/)
      .slice(0, 3)
      .map((p) => Number.parseInt(p, 10) || 0);
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d) return d;
  }
  return 0;
}
