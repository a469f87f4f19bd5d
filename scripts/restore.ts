// npm run restore -- FILE [--force]: restores a backup into an empty DATA_DIR, the server stopped (server/backup/cli.ts).
import { restoreCommand } from '../server/backup/cli.js';

process.exit(await restoreCommand(process.argv.slice(2)));
