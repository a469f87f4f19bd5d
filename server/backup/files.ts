/**
 * The backup folder: files named by the UTC time their copy began (`backup-20261126-101500.tar.gz`,
 * `-2`, `-3` for more in one second), so their names sort as their times and the newest is known
 * without opening any; retention deletes only files named so.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Settings } from '../env.js';

const NAME = /^backup-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})(?:-(\d+))?\.tar\.gz$/;

export interface BackupFile {
  name: string;
  file: string;
  at: number;
  seq: number;
}

export function backupDirOf(settings: Pick<Settings, 'dataDir' | 'backupDir'>): string {
  return path.resolve(settings.backupDir ?? path.join(settings.dataDir, 'backups'));
}

/** `YYYYMMDD-HHMMSS` of an instant, in UTC. */
export function stampOf(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/[-:]/g, '')
    .replace('T', '-');
}

/** The backups in `dir`, oldest first. */
export function listBackups(dir: string): BackupFile[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const found: BackupFile[] = [];
  for (const name of names) {
    const m = NAME.exec(name);
    if (!m) continue;
    const at = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]);
    found.push({ name, file: path.join(dir, name), at, seq: m[7] ? Number(m[7]) : 1 });
  }
  return found.sort((a, b) => a.at - b.at || a.seq - b.seq);
}

/** A name for a backup begun at `ms` that no file in `dir` has yet. */
export function freeName(dir: string, ms: number): string {
  const base = `backup-${stampOf(ms)}`;
  for (let seq = 1; ; seq++) {
    const name = seq === 1 ? `${base}.tar.gz` : `${base}-${seq}.tar.gz`;
    if (!fs.existsSync(path.join(dir, name))) return path.join(dir, name);
  }
}

/** Deletes all but the newest `keep` backups in `dir` (0: keeps all); answers the names deleted. */
export function prune(dir: string, keep: number): string[] {
  if (keep <= 0) return [];
  const all = listBackups(dir);
  const old = all.slice(0, Math.max(0, all.length - keep));
  for (const b of old) fs.rmSync(b.file, { force: true });
  return old.map((b) => b.name);
}
