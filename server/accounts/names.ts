import { sql } from 'kysely';

/**
 * Usernames name one account whatever their case (migration 003_username_case): looked up folded,
 * as the unique index on lower(username) compares them. Only ASCII letters fold, as SQLite's lower()
 * does; usernames are ASCII anyway.
 */
export const foldedName = sql<string>`lower(username)`;
export const fold = (username: string) => username.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
