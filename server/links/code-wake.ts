import type { Database } from '../platform/db/connection.js';

/**
 * Wakes `?wait=` reads when a code reaches their link. One signal per database handle: every app on
 * that handle shares it, in process. A transport (PostgreSQL LISTEN/NOTIFY, code-wake-pg.ts) makes it
 * reach other processes: `attach` it, and have its listener call `wakeLocal` with
 * the ids another process published.
 */
export interface Transport {
  send(tokenIds: number[]): void | Promise<void>;
  close?(): void | Promise<void>;
}

export class CodeSignal {
  private waiters = new Map<number, Set<() => void>>();
  private transport?: Transport;

  /** After a delivery commits: wake this process's waiters and tell the others. */
  publish(tokenIds: number[]): void {
    if (!tokenIds.length) return;
    this.wakeLocal(tokenIds);
    void Promise.resolve(this.transport?.send(tokenIds)).catch(() => undefined);
  }

  wakeLocal(tokenIds: number[]): void {
    for (const id of tokenIds) {
      const set = this.waiters.get(id);
      if (!set) continue;
      this.waiters.delete(id);
      for (const wake of set) wake();
    }
  }

  /** Resolves true when a code for the link is published, false after `ms` or when `abort` fires. */
  wait(tokenId: number, ms: number, abort?: AbortSignal): Promise<boolean> {
    return new Promise((resolve) => {
      let set = this.waiters.get(tokenId);
      if (!set) this.waiters.set(tokenId, (set = new Set()));
      const done = (woken: boolean) => {
        clearTimeout(timer);
        abort?.removeEventListener('abort', onAbort);
        const current = this.waiters.get(tokenId);
        current?.delete(wake);
        if (current?.size === 0) this.waiters.delete(tokenId);
        resolve(woken);
      };
      const wake = () => done(true);
      const onAbort = () => done(false);
      const timer = setTimeout(() => done(false), ms);
      set.add(wake);
      abort?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** How many reads are waiting (for tests and metrics). */
  get waiting(): number {
    let n = 0;
    for (const set of this.waiters.values()) n += set.size;
    return n;
  }

  attach(transport: Transport): void {
    this.transport = transport;
  }
}

const signals = new WeakMap<Database, CodeSignal>();

export function codeSignal(database: Database): CodeSignal {
  let signal = signals.get(database);
  if (!signal) signals.set(database, (signal = new CodeSignal()));
  return signal;
}
