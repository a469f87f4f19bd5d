/**
 * Which domains vouch for a mail by DKIM (RFC 6376), checked with mailauth. Only signatures that
 * pass, cover the From header and hash the whole body count (an `l=` tag shorter than the body would
 * let anyone append a code under someone else's signature), and only for a mail with exactly one
 * From address (a second From is how a forged one hides beside a signed one).
 */
import { Resolver } from 'node:dns/promises';
// The DKIM part of mailauth only (its main module also loads SPF, DMARC, BIMI and their HTTP client).
import { dkimVerify } from 'mailauth/lib/dkim/verify.js';

/** Answers a DNS TXT query as node:dns does (each record's strings); mailauth asks for the DKIM keys. */
export type TxtResolver = (name: string, rrtype: string) => Promise<string[][]>;

export interface DkimVerdict {
  /** The header From address (lower case) when there is exactly one, else null. */
  from: string | null;
  /** A counted signature is aligned with the From domain (the same organizational domain). */
  fromAligned: boolean;
  /** The signing domains (d=, lower case) of the counted signatures. */
  signers: string[];
  /** A key could not be fetched for a DNS failure or in time: asking later may give another answer. */
  temporary: boolean;
}

/** One lookup's wait and tries, and the whole check's: a slow DNS must not hold the SMTP session. */
const DNS_TIMEOUT_MS = 2000;
const DNS_TRIES = 2;
const DEADLINE_MS = 5000;

/** The fields of mailauth's per-signature result read here (its typings leave some out). */
interface SignatureResult {
  signingDomain?: string;
  status: { result: string; aligned?: string | boolean; underSized?: number };
  signingHeaders?: { keys: string };
}

export async function checkDkim(raw: Buffer, resolver?: TxtResolver, deadlineMs = DEADLINE_MS): Promise<DkimVerdict> {
  const system = resolver ? null : new Resolver({ timeout: DNS_TIMEOUT_MS, tries: DNS_TRIES });
  const resolve: TxtResolver =
    resolver ?? ((name, rrtype) => (rrtype === 'TXT' ? system!.resolveTxt(name) : Promise.reject(new Error(`DNS ${rrtype}`))));
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((done) => {
    timer = setTimeout(() => {
      system?.cancel();
      done(null);
    }, deadlineMs);
  });
  try {
    const result = await Promise.race([dkimVerify(raw, { resolver: resolve }), late]);
    if (!result) return { from: null, fromAligned: false, signers: [], temporary: true };
    const from = result.headerFrom.length === 1 ? result.headerFrom[0].toLowerCase() : null;
    const signatures = result.results as unknown as SignatureResult[];
    const counted = from ? signatures.filter(counts) : [];
    return {
      from,
      fromAligned: counted.some((r) => Boolean(r.status.aligned)),
      signers: counted.map((r) => (r.signingDomain ?? '').toLowerCase()),
      temporary: signatures.some((r) => r.status.result === 'temperror'),
    };
  } finally {
    clearTimeout(timer);
  }
}

function counts(r: SignatureResult): boolean {
  const signed = (r.signingHeaders?.keys ?? '').split(':').map((k) => k.trim().toLowerCase());
  return r.status.result === 'pass' && Boolean(r.signingDomain) && signed.includes('from') && !r.status.underSized;
}
