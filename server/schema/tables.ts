/**
 * The product's tables as Kysely sees them. Their types are generated, not written: `npm run db:types`
 * (which `npm run db:migration` runs) reads the migrated schema and the declaration and writes
 * ./generated-tables.ts, adding every table to the platform's `DB` (server/platform/db/tables.ts).
 * A declared enum's column is the union of its values, so comparing it with a misspelled value does not
 * compile. What a table or a column means is written in ./table-notes.ts and shows on the generated
 * types. Times are epoch milliseconds; money is integer cents; flags are 0/1 integers on both databases.
 */
import type { DB } from '../platform/db/tables.js';

export type { DB };
export type * from './generated-tables.js';
