/**
 * Whether an error says the storage under the database (or a file being written) is full: SQLite's
 * SQLITE_FULL ("database or disk is full", also its max_page_count reached), the system's ENOSPC, and
 * PostgreSQL's disk_full (SQLSTATE 53100, "could not extend file ... No space left on device").
 * The pg driver's errors carry a severity; only those are taken for PostgreSQL's answer.
 */
export function isDiskFull(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as { code?: unknown; severity?: unknown; message?: unknown };
  if (e.code === 'SQLITE_FULL' || e.code === 'ENOSPC') return true;
  if (e.code === '53100' && typeof e.severity === 'string') return true;
  // Errors that crossed a thread or a child process keep only their words.
  return typeof e.message === 'string' && FULL_WORDS.test(e.message);
}

const FULL_WORDS = /database or disk is full|No space left on device|\bENOSPC\b/;

/** What a user is told when a write failed for want of space (the request may be sent again once there is room). */
export const DISK_FULL = '磁盘已满，无法写入：请清理磁盘空间后重试';

/**
 * Whether the database's writes are failing for want of space: set by a write that failed so, and
 * cleared only by a write that succeeds again (the readiness check's probe, write-probe.ts), so a
 * small write that happened to fit does not report the database ready while larger ones still fail.
 */
export class WriteHealth {
  private failingSince: number | null = null;

  /** Takes note of a failed query's error; true when it was a full disk. */
  noteFailure(error: unknown): boolean {
    if (!isDiskFull(error)) return false;
    this.failingSince ??= Date.now();
    return true;
  }

  recovered(): void {
    this.failingSince = null;
  }

  get failing(): boolean {
    return this.failingSince !== null;
  }
}
