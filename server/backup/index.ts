import type { ResourceName } from '../../resources.config.js';
import type { Area } from '../platform/area.js';
import { backupJob } from './job.js';

/** Scheduled backups of the database and the secret key (`npm run backup` / `npm run restore` are server/backup/cli.ts). */
export const backup: Area<ResourceName> = {
  jobs: [backupJob],
};
