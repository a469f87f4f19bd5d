// Writes a .br and a .gz beside every text asset of the built console, so the server sends
// compressed files without compressing on each request (@fastify/static's preCompressed picks .br for
// browsers that accept it: about a fifth fewer bytes than gzip for our scripts).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dir = path.resolve(process.argv[2] ?? 'dist');
const TEXT = /\.(js|css|html|svg|json|txt)$/;

function walk(folder) {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) walk(file);
    else if (TEXT.test(entry.name)) {
      const data = fs.readFileSync(file);
      if (data.length <= 1024) continue;
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
      fs.writeFileSync(
        `${file}.br`,
        zlib.brotliCompressSync(data, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
        }),
      );
    }
  }
}
walk(dir);
