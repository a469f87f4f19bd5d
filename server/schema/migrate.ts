import type { Kysely, Migration } from 'kysely';
import { foundation } from './migrations/001_foundation.js';
import { jobs } from './migrations/002_jobs.js';
import { usernameCase } from './migrations/003_username_case.js';
import { commerce } from './migrations/004_commerce.js';
import { usdt } from './migrations/005_usdt.js';
import { manualDebit } from './migrations/008_manual_debit.js';
import { apiKeys } from './migrations/007_api_keys.js';
import { intake } from './migrations/006_intake.js';
import { upstream } from './migrations/009_upstream.js';
import { statParts } from './migrations/010_stat_parts.js';
import { intakeIndexes } from './migrations/010b_intake_indexes.js';
import { providerKeysSealed } from './migrations/010c_provider_keys_sealed.js';
import { intakeGuards } from './migrations/011_intake_guards.js';
import { numberReuse } from './migrations/012_number_reuse.js';
import { serviceNames } from './migrations/013_service_names.js';
import { rentals } from './migrations/014_rentals.js';
import { webhooks } from './migrations/015_webhooks.js';
import { telegram } from './migrations/016_telegram.js';
import { totp } from './migrations/017_totp.js';
import { staffAudit } from './migrations/018_staff_audit.js';
import { auditNoTruncate } from './migrations/019_audit_no_truncate.js';
import { telegramOutboxPriority } from './migrations/021_telegram_outbox_priority.js';
import { fivesim } from './migrations/022_fivesim.js';
import { epay } from './migrations/023_epay.js';
import { usdtChains } from './migrations/024_usdt_chains.js';
import { noticeAudience } from './migrations/025_notice_audience.js';
import { agents } from './migrations/026_agents.js';
import { deviceNumbers } from './migrations/027_device_numbers.js';
import { resellers } from './migrations/028_resellers.js';
import { goodsMoves } from './migrations/029_goods_moves.js';
import type { Settings } from '../env.js';
import type { Dialect } from '../platform/db/connection.js';
import { runMigrations } from '../platform/db/migrate.js';

/** Settings a migration may need: the secret key that seals stored secrets (010c). */
type MigrationSettings = Pick<Settings, 'secretKey' | 'dataDir'>;

/** One list of migrations for both databases; the dialect only picks column types. */
export function migrations(dialect: Dialect, settings?: MigrationSettings): Record<string, Migration> {
  return {
    '001_foundation': foundation(dialect),
    '002_jobs': jobs(dialect),
    '003_username_case': usernameCase(dialect),
    '004_commerce': commerce(dialect),
    '005_usdt': usdt(dialect),
    '008_manual_debit': manualDebit(dialect),
    '007_api_keys': apiKeys(dialect),
    '006_intake': intake(dialect),
    '009_upstream': upstream(dialect),
    '010_stat_parts': statParts(dialect),
    '010b_intake_indexes': intakeIndexes(dialect),
    '010c_provider_keys_sealed': providerKeysSealed(dialect, settings),
    '011_intake_guards': intakeGuards(dialect),
    '012_number_reuse': numberReuse(dialect),
    '013_service_names': serviceNames(dialect),
    '014_rentals': rentals(dialect),
    '015_webhooks': webhooks(dialect),
    '016_telegram': telegram(dialect),
    '017_totp': totp(dialect),
    '018_staff_audit': staffAudit(dialect),
    '019_audit_no_truncate': auditNoTruncate(dialect),
    '021_telegram_outbox_priority': telegramOutboxPriority(dialect),
    '022_fivesim': fivesim(dialect),
    '023_epay': epay(dialect),
    '024_usdt_chains': usdtChains(dialect),
    '025_notice_audience': noticeAudience(dialect),
    '026_agents': agents(dialect),
    '027_device_numbers': deviceNumbers(dialect),
    '028_resellers': resellers(dialect),
    '029_goods_moves': goodsMoves(dialect),
  };
}

/** Brings the database to the newest schema (every start runs it; an applied migration never runs again). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's Migrator takes a Kysely<any>: migrations write tables no type holds yet
export async function migrate(db: Kysely<any>, dialect: Dialect, settings?: MigrationSettings): Promise<void> {
  await runMigrations(db, dialect, migrations(dialect, settings));
}
