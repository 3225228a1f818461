// The copied-photo lookup (photo-matches/) against the number of hashed photos: the near photos of a hash found by
// its four indexed 16-bit bands, against reading every hash and comparing in JavaScript. Fills a database with PHOTOS
// car photos (default 100,000; random hashes, a tenth of them near copies of others), then times 200 lookups each way.
// Run from server/:
//   node --import tsx scripts/photo-match-bench.ts                      (SQLite)
//   TEST_DB=mysql TEST_MYSQL_URL=mysql://root@127.0.0.1:3306/test node --import tsx scripts/photo-match-bench.ts
// Figures: docs/performance.md, "Copied photos".

import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { createDataSource, dialectOf } from '../src/db/data-source';
import { runMigrations } from '../src/db/migrate';
import { ImageQueue } from '../src/lib/image-queue';
import { LocalStorage } from '../src/lib/storage';
import { hashDistance, PHOTO_MATCH_DISTANCE } from '../src/modules/photo-matches/dhash';
import { hashColumns, PhotoMatchesService } from '../src/modules/photo-matches/photo-matches.service';
import { createTestDatabase } from '../test/db';
import { fillShowcase, insertRows } from './showcase-data';

const PHOTOS = Number(process.env.PHOTOS ?? 100_000);
const LOOKUPS = 200;
const scratch = await createTestDatabase();
const ds = await createDataSource(scratch.database);
await ds.initialize();
await runMigrations(ds);
const photoMatches = new PhotoMatchesService({
  ds,
  storage: new LocalStorage(os.tmpdir()),
  imageQueue: new ImageQueue(),
});
const kind = dialectOf(ds) === 'sqlite' ? 'sqlite' : 'mysql';

const random16 = () => randomBytes(2).readUInt16BE(0);
const randomHash = () => randomBytes(8).toString('hex');
/** `hash` with `bits` random bits flipped. */
function nearHash(hash: string, bits: number): string {
  const chars = [...BigInt(`0x${hash}`).toString(2).padStart(64, '0')];
  for (let i = 0; i < bits; i++) {
    const at = random16() % 64;
    chars[at] = chars[at] === '1' ? '0' : '1';
  }
  return BigInt(`0b${chars.join('')}`)
    .toString(16)
    .padStart(16, '0');
}

const started = performance.now();
await fillShowcase(ds, kind, { cars: 1_000, votes: 1, owners: 100, days: 30 });
const [{ first }] = await ds.query('SELECT MIN(id) AS first FROM cars');
const hashes: string[] = [];
const rows: unknown[][] = [];
for (let i = 0; i < PHOTOS; i++) {
  const hash =
    i % 10 === 9 ? nearHash(hashes[random16() % hashes.length] ?? randomHash(), random16() % 7) : randomHash();
  hashes.push(hash);
  const c = hashColumns(hash);
  const key = `bench/h${i}.jpg`;
  rows.push([
    Number(first) + (i % 1_000),
    key,
    `/api/file/${key}`,
    1600,
    1067,
    0,
    0,
    250_000,
    2,
    c.perceptualHash,
    c.hashBand0,
    c.hashBand1,
    c.hashBand2,
    c.hashBand3,
  ]);
}
const columns = [
  'carId',
  'storageKey',
  'url',
  'width',
  'height',
  'isPrimary',
  'isAdminUploaded',
  'fileSize',
  'sortOrder',
];
await insertRows(
  ds,
  'car_images',
  [...columns, 'perceptualHash', 'hashBand0', 'hashBand1', 'hashBand2', 'hashBand3'],
  rows,
  1_000,
);
if (kind === 'sqlite') await ds.query('ANALYZE');
else await ds.query('ANALYZE TABLE car_images');
console.log(`${kind}: ${PHOTOS} hashed photos in ${Math.round((performance.now() - started) / 1000)} s`);

const queries = Array.from({ length: LOOKUPS }, () =>
  nearHash(hashes[random16() % hashes.length] ?? '', random16() % 7),
);
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;

const banded: number[] = [];
let found = 0;
for (const hash of queries) {
  const start = performance.now();
  found += (await photoMatches.nearPhotos(ds.manager, hash, 0)).length;
  banded.push(performance.now() - start);
}
const scanned: number[] = [];
let scanFound = 0;
for (const hash of queries.slice(0, 20)) {
  const start = performance.now();
  const all: { hash: string }[] = await ds.query(
    'SELECT perceptualHash AS hash FROM car_images WHERE perceptualHash IS NOT NULL',
  );
  scanFound += all.filter((row) => hashDistance(hash, row.hash) <= PHOTO_MATCH_DISTANCE).length;
  scanned.push(performance.now() - start);
}
console.log(
  `${kind}\t${PHOTOS} photos\tbands: ${median(banded).toFixed(2)} ms median (${found} near photos in ${LOOKUPS} lookups)\tfull scan: ${median(scanned).toFixed(1)} ms median (${scanFound} in 20)`,
);
if (process.env.EXPLAIN) {
  const plan = await ds.query(
    kind === 'sqlite'
      ? 'EXPLAIN QUERY PLAN SELECT id, perceptualHash FROM car_images WHERE hashBand2 IN (1, 2, 3)'
      : 'EXPLAIN SELECT id, perceptualHash FROM car_images WHERE hashBand2 IN (1, 2, 3)',
  );
  console.log(plan);
}
await ds.destroy();
await scratch.drop();
