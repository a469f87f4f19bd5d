import type { KyselyPlugin, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

const MAX_ENTRIES = 10_000;

/**
 * Short-lived answers to the hottest reads (the session behind a token, the recent notices), one
 * set per database handle. Every statement other than a SELECT that this process sends through
 * Kysely empties them, so a process always sees its own writes at once; writes made by another
 * process show within the TTL (READ_CACHE_MS, default 1000 ms; 0 turns caching off). That bound is
 * also how long a session revoked through another process can still be used there.
 */
export class ReadCaches {
  private entries = new Map<string, { value: unknown; until: number }>();

  constructor(private readonly ttlMs: number) {}

  /** The cached answer for `key`, or `load()`'s, kept when `keep` says it is worth keeping. */
  async get<T>(key: string, now: number, load: () => Promise<T>, keep: (value: T) => boolean = () => true): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.value as T;
    const value = await load();
    if (this.ttlMs > 0 && keep(value)) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(key, { value, until: now + this.ttlMs });
    }
    return value;
  }

  clear(): void {
    this.entries.clear();
  }

  /** Empties the caches before and after every statement that may write. */
  plugin(): KyselyPlugin {
    return {
      transformQuery: ({ node }: { node: RootOperationNode }) => {
        if (node.kind !== 'SelectQueryNode') this.clear();
        return node;
      },
      transformResult: async ({ result }: { result: QueryResult<UnknownRow> }) => {
        // After a write ran (still before its commit): reads racing the write are not kept.
        if (result.numAffectedRows !== undefined || result.numChangedRows !== undefined) this.clear();
        return result;
      },
    };
  }
}
