// After `vite build`: writes a Brotli (.br) and a gzip (.gz) copy next to every text asset of dist/, so the server
// sends compressed files without compressing on each request (@fastify/static's `preCompressed`, server/src/plugins/
// client.ts). Small files are left alone: compression would save less than the headers cost.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const TEXT_TYPES = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt', '.webmanifest']);
/** Smaller files are sent as they are (scripts/check-bundle-size.mjs reads this too). */
export const PRECOMPRESS_MIN_BYTES = 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (!name.startsWith('.')) yield* files(path);
    } else yield path;
  }
}

// Run as a script (the client's build), not when imported for its threshold.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let count = 0;
  for (const file of files(dist)) {
    if (!TEXT_TYPES.has(extname(file))) continue;
    const content = readFileSync(file);
    if (content.length < PRECOMPRESS_MIN_BYTES) continue;
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(content, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
      }),
    );
    count += 1;
  }
  console.log(`precompress: ${count} files in dist/ have .br and .gz copies`);
}
