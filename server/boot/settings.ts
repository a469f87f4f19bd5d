import { readSettings, SettingsError, type Settings } from '../env.js';

/**
 * The settings, read before anything else runs: a value a setting cannot take stops the process with
 * one line naming every such setting (no stack, exit 1), before a folder, a file or a table exists.
 */
export function settingsOrExit(what = '启动失败'): Settings {
  try {
    return readSettings();
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    process.stderr.write(`${what}：${error.message}\n`);
    process.exit(1);
  }
}
