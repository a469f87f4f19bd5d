import { useSyncExternalStore } from 'react';
import { allows, type AccessRule, type Grants, type Role } from './declaration';

/**
 * The stored user type, and a sup's grants (from their staff role), re-read on every change. The
 * app tells the framework where those live; the framework only needs a string it can hand to the
 * declaration's rules, and the grants the rules that name one ask for.
 */
let source: { get(): string | null; grants?(): Grants; subscribe(listener: () => void): () => void } = {
  get: () => null,
  subscribe: () => () => undefined,
};

export function setRoleSource(next: typeof source): void {
  source = next;
}

export function useRole(): string | null {
  return useSyncExternalStore(source.subscribe, source.get);
}

// An app that tells no grants has no staff roles: its sups hold every grant.
const currentGrants = (): Grants => (source.grants ? source.grants() : '*');

/** The current grants; a component that calls it is drawn again when they change (the user info arrived). */
export function useGrants(): Grants {
  return useSyncExternalStore(source.subscribe, currentGrants, currentGrants);
}

/** Whether the current user passes a rule: their role, and their grants for the rules that name one. */
export function permits(rule: AccessRule | 'public' | undefined, role: Role | undefined): boolean {
  return allows(rule, role, currentGrants());
}
