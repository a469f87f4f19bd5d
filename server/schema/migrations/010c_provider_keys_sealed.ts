import type { Kysely } from 'kysely';
import type { Settings } from '../../env.js';
import { isSealed, secretBox } from '../../platform/lib/secret-box.js';
import type { Dialect } from '../../platform/db/connection.js';

/**
 * Upstream providers' API keys were stored as given: from now on they are sealed like device
 * secrets (server/platform/lib/secret-box.ts), and this seals the ones already stored. A sealed key is
 * longer than the key (up to 385 characters for the 255 the form allows): PostgreSQL's column grows
 * (SQLite does not hold lengths). Sealing needs the secret key of the settings the server runs with;
 * a database with no plain key left needs none.
 */
export function providerKeysSealed(dialect: Dialect, secrets?: Pick<Settings, 'secretKey' | 'dataDir'>) {
  return {
    async up(db: Kysely<any>) {
      if (dialect === 'postgres') {
        await db.schema
          .alterTable('providers')
          .alterColumn('api_key', (c) => c.setDataType('varchar(512)'))
          .execute();
      }
      const plain = (await db.selectFrom('providers').select(['id', 'api_key']).execute()).filter(
        (row: { api_key: string }) => !isSealed(row.api_key),
      );
      if (!plain.length) return;
      if (!secrets) throw new Error('010c_provider_keys_sealed: 加密上游渠道的 API 密钥需要服务器的设置（DEVICE_SECRET_KEY 或数据目录）');
      const box = secretBox(secrets);
      for (const row of plain) {
        await db
          .updateTable('providers')
          .set({ api_key: box.seal(row.api_key) })
          .where('id', '=', row.id)
          .execute();
      }
    },
  };
}
