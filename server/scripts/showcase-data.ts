import type { DataSource } from 'typeorm';
import { centralMonthSql } from '../src/db/sql-dates';

// Bulk showcase data for measurements: the bench (bench-run.ts) and the query-plan test fill databases with it.

const CATEGORIES = ['JDM', 'Euro', 'Muscle', 'Exotic', 'Classic', 'Hot Rod'];
const MAKES = ['Nissan', 'Toyota', 'Mazda', 'BMW', 'Porsche', 'Chevrolet', 'Ford', 'Dodge', 'Honda', 'Subaru'];

/** 'YYYY-MM-DD HH:mm:ss.SSS' in UTC: what both drivers store for a datetime(3). */
const sqlDate = (date: Date) => date.toISOString().replace('T', ' ').replace('Z', '');

export async function insertRows(ds: DataSource, table: string, columns: string[], rows: unknown[][], batch: number) {
  for (let i = 0; i < rows.length; i += batch) {
    const chunk = rows.slice(i, i + batch);
    const tuple = `(${columns.map(() => '?').join(', ')})`;
    await ds.query(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${chunk.map(() => tuple).join(', ')}`,
      chunk.flat(),
    );
  }
}

export interface ShowcaseSizes {
  cars: number;
  votes: number;
  owners: number;
  /** Votes are spread over this many days before now. */
  days: number;
}

/**
 * Fills a fresh, migrated database with `sizes.cars` cars (2 photos each) of `sizes.owners` owners and `sizes.votes`
 * votes, with bulk multi-row INSERTs, then derives the stored tallies (totalVotes, monthly tallies, 24-hour vote
 * limits) in SQL as the votes service keeps them. Slugs are bench-car-0…; popular cars get most of the votes.
 */
export async function fillShowcase(ds: DataSource, kind: 'sqlite' | 'mysql', sizes: ShowcaseSizes): Promise<void> {
  const { cars: CARS, votes: VOTES, owners: OWNERS, days: DAYS } = sizes;
  const started = Date.now();
  const now = Date.now();
  const owners = Array.from({ length: OWNERS }, (_, i) => [
    `bench-owner-${i}@example.com`,
    `owner${i}`,
    `owner${i}`,
    `Owner ${i}`,
    'x',
    i % 3 === 0 ? 'owner' : 'user',
    'Builds cars on weekends.',
  ]);
  await insertRows(
    ds,
    'users',
    ['email', 'username', 'usernameKey', 'name', 'passwordHash', 'role', 'bio'],
    owners,
    100,
  );
  const [firstOwner] = await ds.query('SELECT MIN(id) AS id FROM users');
  const ownerBase = Number(firstOwner.id);

  const story =
    'A well-kept street car with a long story of weekend meets, track days and careful restoration. '.repeat(3);
  const cars = Array.from({ length: CARS }, (_, i) => [
    `bench-car-${i}`,
    MAKES[i % MAKES.length],
    `Model ${i}`,
    1970 + (i % 50),
    CATEGORIES[i % CATEGORIES.length],
    story,
    'Overview of the build.',
    `Owner ${i % OWNERS}`,
    ownerBase + (i % OWNERS),
    JSON.stringify({ engine: 'V8', horsepower: 300 + (i % 400), modified: i % 2 === 0 }),
    1,
    i % 50 === 0 ? 1 : 0,
    sqlDate(new Date(now - (CARS - i) * 60_000)),
  ]);
  await insertRows(
    ds,
    'cars',
    [
      'slug',
      'make',
      'model',
      'year',
      'category',
      'story',
      'specs',
      'ownerName',
      'ownerId',
      'additionalSpecs',
      'legalAgreement',
      'featured',
      'createdAt',
    ],
    cars,
    500,
  );
  const [firstCar] = await ds.query('SELECT MIN(id) AS id FROM cars');
  const carBase = Number(firstCar.id);

  const images: unknown[][] = [];
  for (let i = 0; i < CARS; i++) {
    for (const n of [0, 1]) {
      const key = `bench/${i}/${n}.jpg`;
      const variants = JSON.stringify({
        w400: `/api/file/${key}.w400.webp`,
        w800: `/api/file/${key}.w800.webp`,
        w1600: `/api/file/${key}.w1600.webp`,
      });
      images.push([carBase + i, key, `/api/file/${key}`, 1600, 1067, variants, n === 0 ? 1 : 0, 1, 250_000, n]);
    }
  }
  await insertRows(
    ds,
    'car_images',
    [
      'carId',
      'storageKey',
      'url',
      'width',
      'height',
      'variants',
      'isPrimary',
      'isAdminUploaded',
      'fileSize',
      'sortOrder',
    ],
    images,
    500,
  );

  // Votes: popular cars get most of them (squared uniform), spread evenly over the last DAYS days.
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const span = DAYS * 86_400_000;
  // Rows per INSERT: SQLite binds at most 32,766 parameters per statement.
  const voteBatch = kind === 'sqlite' ? 10_000 : 5_000;
  for (let i = 0; i < VOTES; i += voteBatch) {
    const rows: unknown[][] = [];
    for (let j = i; j < Math.min(VOTES, i + voteBatch); j++) {
      const car = carBase + Math.floor(CARS * random() ** 2);
      rows.push([car, `bench-${j.toString(36)}`, sqlDate(new Date(now - span + Math.floor((j / VOTES) * span)))]);
    }
    await insertRows(ds, 'votes', ['carId', 'ipHash', 'createdAt'], rows, voteBatch);
  }

  // The stored tallies, as the votes service keeps them.
  await ds.query('UPDATE cars SET totalVotes = (SELECT COUNT(*) FROM votes v WHERE v.carId = cars.id)');
  const month = centralMonthSql(kind, 'createdAt');
  await ds.query(
    `INSERT INTO car_monthly_votes (carId, month, votes) SELECT carId, ${month}, COUNT(*) FROM votes GROUP BY carId, ${month}`,
  );
  await ds.query(
    'INSERT INTO vote_limits (carId, ipHash, lastVotedAt) SELECT carId, ipHash, MAX(createdAt) FROM votes WHERE createdAt >= ? GROUP BY carId, ipHash',
    [sqlDate(new Date(now - 86_400_000))],
  );
  // Fresh statistics, so each database plans its queries as it would on a live site.
  if (kind === 'sqlite') await ds.query('ANALYZE');
  else await ds.query('ANALYZE TABLE users, cars, car_images, votes, car_monthly_votes, vote_limits');
  console.log(`  filled in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
