/**
 * A backup file is a gzip-compressed tar (POSIX ustar) of plain files, so `tar -xzf` opens it by hand
 * too. Written and read here as streams (a database may be larger than memory); nothing but regular
 * files with short names, which is all a backup holds.
 */
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';

const BLOCK = 512;

/** One file to pack: its name in the archive, and its bytes (a file on disk, or a buffer). */
export type Entry = { name: string; mode?: number } & ({ path: string } | { data: Buffer });

/** Writes `entries` to `file` (created with mode 0600: a backup holds the secret key). */
export async function writeArchive(file: string, entries: Entry[], mtimeMs: number): Promise<void> {
  async function* blocks(): AsyncGenerator<Buffer> {
    for (const entry of entries) {
      const size = 'data' in entry ? entry.data.length : fs.statSync(entry.path).size;
      yield header(entry.name, size, entry.mode ?? 0o600, mtimeMs);
      let written = 0;
      if ('data' in entry) {
        yield entry.data;
        written = entry.data.length;
      } else {
        for await (const chunk of fs.createReadStream(entry.path)) {
          written += (chunk as Buffer).length;
          yield chunk as Buffer;
        }
      }
      if (written !== size) throw new Error(`${entry.name} changed while it was packed`);
      if (size % BLOCK) yield Buffer.alloc(BLOCK - (size % BLOCK));
    }
    yield Buffer.alloc(2 * BLOCK);
  }
  await pipeline(Readable.from(blocks()), zlib.createGzip(), fs.createWriteStream(file, { mode: 0o600, flags: 'wx' }));
  const fd = fs.openSync(file, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

function header(name: string, size: number, mode: number, mtimeMs: number): Buffer {
  const h = Buffer.alloc(BLOCK);
  if (Buffer.byteLength(name) > 99) throw new Error(`archive name too long: ${name}`);
  h.write(name, 0, 'utf8');
  octal(h, 100, 8, mode);
  octal(h, 108, 8, 0);
  octal(h, 116, 8, 0);
  sizeField(h, size);
  octal(h, 136, 12, Math.floor(mtimeMs / 1000));
  h.write(' '.repeat(8), 148, 'latin1');
  h.write('0', 156, 'latin1');
  h.write('ustar\u000000', 257, 'latin1');
  let sum = 0;
  for (const byte of h) sum += byte;
  h.write(sum.toString(8).padStart(6, '0') + '\u0000 ', 148, 'latin1');
  return h;
}

function octal(h: Buffer, at: number, len: number, value: number): void {
  h.write(value.toString(8).padStart(len - 1, '0') + '\u0000', at, 'latin1');
}

/** Sizes past 8 GiB do not fit 11 octal digits: GNU tar's base-256 form (first byte 0x80). */
function sizeField(h: Buffer, size: number): void {
  if (size < 8 ** 11) return octal(h, 124, 12, size);
  h[124] = 0x80;
  let rest = BigInt(size);
  for (let i = 135; i > 124; i--, rest >>= 8n) h[i] = Number(rest & 0xffn);
}

function readSize(h: Buffer): number {
  if (h[124] & 0x80) {
    let n = 0n;
    for (let i = 125; i < 136; i++) n = (n << 8n) | BigInt(h[i]);
    return Number(n);
  }
  return parseOctal(h.subarray(124, 136));
}

function parseOctal(field: Buffer): number {
  const text = field.toString('latin1').replace(/\0.*$/s, '').trim();
  if (!/^[0-7]*$/.test(text)) throw new ArchiveError('文件头不是 tar 格式');
  return text ? parseInt(text, 8) : 0;
}

/** zlib's and the file system's words, said for an operator. */
function streamReason(err: Error & { code?: string }): string {
  if (err.code === 'Z_BUF_ERROR' || /unexpected end/i.test(err.message)) return '文件在中途结束（不完整，可能没有复制完）';
  if (/incorrect header check|not in gzip format/i.test(err.message)) return '不是 gzip 压缩的文件';
  if (err.code === 'Z_DATA_ERROR') return `压缩数据损坏（${err.message}）`;
  return err.message;
}

/** The archive is not a whole backup: truncated, corrupted, or not ours. */
export class ArchiveError extends Error {}

/** Where `readArchive` puts an entry's bytes: called once per chunk, in order, then `end`. */
export interface EntrySink {
  write(chunk: Buffer): void | Promise<void>;
  end(): void | Promise<void>;
}

/**
 * Reads `file` entry by entry: `open` is given each entry's name and size and returns where its bytes
 * go. Reads to the end of the gzip stream, so its checksum and length are verified; a truncated or
 * damaged file throws ArchiveError.
 */
export async function readArchive(file: string, open: (name: string, size: number) => EntrySink | Promise<EntrySink>): Promise<void> {
  const gunzip = zlib.createGunzip();
  const source = fs.createReadStream(file);
  // Every fault reaches the one iterator read below (the file's passed on to gunzip): a second
  // listener (a pipeline) could take a gunzip error first and leave the iterator's read unsettled.
  source.on('error', (err) => gunzip.destroy(err));
  source.pipe(gunzip);
  const bytes = new Pull(gunzip[Symbol.asyncIterator]());
  try {
    for (;;) {
      const h = await bytes.take(BLOCK);
      if (h.every((b) => b === 0)) break;
      checkHeader(h);
      const name = h.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
      const size = readSize(h);
      const type = String.fromCharCode(h[156] || 0x30);
      const sink = await open(type === '0' ? name : `${name} (type ${type})`, size);
      for await (const chunk of bytes.stream(size)) await sink.write(chunk);
      await sink.end();
      if (size % BLOCK) await bytes.take(BLOCK - (size % BLOCK));
    }
    // Past the end marker: read on to the gzip trailer, whose checksum covers every byte above.
    await bytes.drain();
  } catch (err) {
    source.destroy();
    gunzip.destroy();
    // The stream's own faults arrive as ArchiveError (Pull); the caller's (`open`, a sink) pass as they are.
    throw err;
  }
}

function checkHeader(h: Buffer): void {
  const stored = parseOctal(h.subarray(148, 156));
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : h[i];
  if (sum !== stored) throw new ArchiveError('文件头校验和不符');
}

/** Exact-length reads over a stream of chunks. */
class Pull {
  private buf: Buffer = Buffer.alloc(0);
  constructor(private readonly chunks: AsyncIterator<Buffer>) {}

  private async more(): Promise<boolean> {
    let next: IteratorResult<Buffer>;
    try {
      next = await this.chunks.next();
    } catch (err) {
      throw new ArchiveError(streamReason(err as Error));
    }
    if (next.done) return false;
    this.buf = this.buf.length ? Buffer.concat([this.buf, next.value]) : next.value;
    return true;
  }

  async take(n: number): Promise<Buffer> {
    while (this.buf.length < n) if (!(await this.more())) throw new ArchiveError('文件在中途结束（不完整）');
    const out = this.buf.subarray(0, n);
    this.buf = this.buf.subarray(n);
    return out;
  }

  async *stream(n: number): AsyncGenerator<Buffer> {
    let left = n;
    while (left > 0) {
      if (!this.buf.length && !(await this.more())) throw new ArchiveError('文件在中途结束（不完整）');
      const piece = this.buf.subarray(0, Math.min(left, this.buf.length));
      this.buf = this.buf.subarray(piece.length);
      left -= piece.length;
      yield piece;
    }
  }

  async drain(): Promise<void> {
    this.buf = Buffer.alloc(0);
    while (await this.more()) this.buf = Buffer.alloc(0);
  }
}
