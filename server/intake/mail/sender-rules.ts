/**
 * When a mail's From may count for a product's sender rule (docs/smsforwarder.md#smtp-intake): the
 * header From is whatever the sending server wrote, so a From that meets a rule must be vouched for
 * by DKIM, or it is handed on without a sender and meets no rule.
 */
import type { DkimVerdict } from './dkim.js';

/** A product's sender rule as deliver's rule check reads it: alternatives split on `|`, lower case. */
export function ruleAlternatives(rules: (string | null)[]): string[] {
  return rules.flatMap((rule) =>
    (rule ?? '')
      .split('|')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );
}

/** The alternatives a From contains (the ones it would meet). */
export function metAlternatives(from: string, alternatives: string[]): string[] {
  return alternatives.filter((a) => from.includes(a));
}

/**
 * Whether DKIM vouches for a From against every alternative it meets. An alternative naming a domain
 * (`google.com`, `@google.com`, `no-reply@accounts.google.com`) needs a passing signature by that
 * domain, a parent or a subdomain of it, or a From domain at or under it with a signature aligned
 * to the From; so `x@google.com.evil.test` signed by evil.test does not meet `google.com`. Any other
 * alternative (a word) needs a signature aligned to the From domain.
 */
export function vouched(from: string, met: string[], v: DkimVerdict): boolean {
  if (!v.from || v.from !== from) return false;
  const fromDomain = domainOf(from);
  return met.every((alternative) => {
    const named = namedDomain(alternative);
    if (!named) return v.fromAligned;
    return v.signers.some((d) => within(d, named) || within(named, d)) || (v.fromAligned && within(fromDomain, named));
  });
}

function domainOf(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1);
}

/** The domain an alternative names (after its `@`, if any), when it reads as one. */
function namedDomain(alternative: string): string | null {
  const domain = domainOf(alternative).replace(/^\.+/, '');
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(domain) ? domain : null;
}

/** `domain` is `parent` or a subdomain of it. */
function within(domain: string, parent: string): boolean {
  return domain === parent || domain.endsWith(`.${parent}`);
}
