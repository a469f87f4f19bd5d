/**
 * The domains the SMTP receiver serves: those of the mailboxes in mail products' stock. RCPT takes
 * every address of them, in stock or not, so its answer tells nothing about the stock; what is not in
 * stock is dropped after DATA. The list is read again at most every minute, and on an address of an
 * unknown domain at most once a second (so unknown domains cannot make it read all the time); a
 * mailbox imported in between is still found by its own key (`inStock`).
 */
export interface DomainSource {
  /** Every domain (lower case) of a mailbox in stock. */
  domains(): Promise<string[]>;
  /** Whether this address (lower case) is a mailbox in stock. */
  inStock(address: string): Promise<boolean>;
}

const MAX_AGE_MS = 60_000;
const MISS_RELOAD_MS = 1000;

export function servedDomains(source: DomainSource, clock: () => number = () => performance.now()): (address: string) => Promise<boolean> {
  let known = new Set<string>();
  let loadedAt = -Infinity;
  let loading: Promise<void> | null = null;

  function reload(): Promise<void> {
    loading ??= source
      .domains()
      .then((list) => {
        known = new Set(list);
        loadedAt = clock();
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  }

  return async (address) => {
    const domain = address.slice(address.lastIndexOf('@') + 1);
    if (!domain) return false;
    if (clock() - loadedAt > MAX_AGE_MS) await reload();
    if (known.has(domain)) return true;
    if (clock() - loadedAt > MISS_RELOAD_MS) {
      await reload();
      if (known.has(domain)) return true;
    }
    if (!(await source.inStock(address))) return false;
    known.add(domain);
    return true;
  };
}
