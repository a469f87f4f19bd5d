// npm run backup [-- --out FILE]: an online backup; its path is the last line printed (server/backup/cli.ts).
import { backupCommand } from '../server/backup/cli.js';

process.exit(await backupCommand(process.argv.slice(2)));
