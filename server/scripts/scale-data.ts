import type { DataSource, QueryRunner } from 'typeorm';
import { centralMonthSql, sqliteDateText } from '../src/db/sql-dates';

// The scale bench's data (bench-scale-run.ts): a site of N cars grown from the demo data set, written by the database
// itself (INSERT … SELECT over a table of numbers), so a million cars and ten million votes take minutes, not hours.
// Every row is a function of its number: the same N gives the same site on SQLite and MySQL/MariaDB.

export interface ScaleSizes {
  /** Cars added to the demo's, each a copy of a demo car (its columns, its photos' rows) under a slug of its own. */
  cars: number;
  /** Accounts added, the cars' owners and the shop's customers. */
  users: number;
  /** Paid orders added, each with one or two lines. */
  orders: number;
  /** Votes are spread over this many days before now (and never before their car was added). */
  days: number;
}

/** The sizes for N cars: a user per 10 cars and an order per car (1M cars: 100k users, 1M orders). */
export function scaleSizes(cars: number): ScaleSizes {
  return { cars, users: Math.max(100, Math.round(cars / 10)), orders: cars, days: 180 };
}

/**
 * Votes of the n-th added car, 0 to 20 (10 on average; 8 and 21 share no factor, so every count comes round):
 * SQL over an integer expression.
 */
export const votesOfSql = (n: string) => `((${n}) * 8) % 21`;
/** The same in JavaScript, for checks. */
export const votesOf = (n: number) => (n * 8) % 21;
/** Changes with what the fill writes, so kept databases of an earlier fill are built anew. */
export const SCALE_DATA_VERSION = 2;
/** Distinct voters (IP hashes) the added votes come from: a car's votes are each from another voter. */
const VOTERS = 200_000;
/** Cars per INSERT … SELECT (votes: 10 times as many rows). */
const CHUNK = 50_000;

export interface ScaleFill {
  /** Rows added, per table. */
  cars: number;
  images: number;
  votes: number;
  users: number;
  orders: number;
  orderItems: number;
  /** Seconds the fill took. */
  seconds: number;
}

/**
 * Adds `sizes` to a migrated database holding the demo data (and nothing else added), on one connection, with bulk
 * INSERT … SELECT statements in transactions, then the stored tallies as the votes service keeps them (totalVotes,
 * monthly tallies, 24-hour vote limits) and fresh statistics. `log` hears of each step.
 */
export async function fillScale(
  ds: DataSource,
  sizes: ScaleSizes,
  log: (line: string) => void = () => {},
): Promise<ScaleFill> {
  const started = Date.now();
  const kind = ds.options.type === 'better-sqlite3' ? 'sqlite' : 'mysql';
  const sql = dialect(kind);
  const qr = ds.createQueryRunner();
  await qr.connect();
  const step = async (label: string, work: () => Promise<void>) => {
    const t = Date.now();
    await work();
    log(`    ${label}: ${((Date.now() - t) / 1000).toFixed(1)} s`);
  };
  const inTransaction = async (work: () => Promise<void>) => {
    await qr.startTransaction();
    try {
      await work();
      await qr.commitTransaction();
    } catch (error) {
      await qr.rollbackTransaction();
      throw error;
    }
  };
  /** Runs `statement(lo, hi)` for every chunk of [0, total), each in its own transaction. */
  const chunked = async (total: number, size: number, statement: (lo: number, hi: number) => string) => {
    for (let lo = 0; lo < total; lo += size) {
      await inTransaction(async () => {
        await qr.query(statement(lo, Math.min(total, lo + size)));
      });
    }
  };
  if (kind === 'sqlite') {
    // A bulk load on a file nobody else reads yet: no rollback journal, no waiting for the disk, and room in memory
    // for the indexes that votes enter in no order (createdAt).
    await qr.query('PRAGMA journal_mode = OFF');
    await qr.query('PRAGMA synchronous = OFF');
    await qr.query('PRAGMA cache_size = -262144');
  } else await qr.query('SET SESSION unique_checks = 0, foreign_key_checks = 0');
  const now = sqliteDateText(new Date());
  const base = `'${now}'`;
  try {
    const biggest = Math.max(sizes.cars, sizes.users, sizes.orders);
    await step(`numbers 0…${biggest - 1}`, async () => {
      await dropHelpers(qr);
      await qr.query('CREATE TABLE scale_digits (d INTEGER NOT NULL PRIMARY KEY)');
      await qr.query('INSERT INTO scale_digits (d) VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9)');
      await qr.query('CREATE TABLE scale_seq (n INTEGER NOT NULL PRIMARY KEY)');
      const places = String(Math.max(1, biggest - 1)).length;
      const digits = Array.from({ length: places }, (_, i) => `d${i}`);
      const value = digits.map((d, i) => `${d}.d * ${10 ** i}`).join(' + ');
      await inTransaction(() =>
        qr.query(
          `INSERT INTO scale_seq (n) SELECT ${value} FROM ${digits.map((d) => `scale_digits ${d}`).join(', ')}
           WHERE ${value} < ${biggest}`,
        ),
      );
      await qr.query('CREATE TABLE scale_k (k INTEGER NOT NULL PRIMARY KEY)');
      await qr.query('INSERT INTO scale_k (k) SELECT n FROM scale_seq WHERE n < 21');
    });

    // The templates: the demo cars and products, numbered from 0.
    const demoCars: { id: number }[] = await qr.query('SELECT id FROM cars ORDER BY id');
    const merch: { id: number }[] = await qr.query('SELECT id FROM products WHERE isMerch = 1 ORDER BY id');
    const prints: { id: number }[] = await qr.query('SELECT id FROM products WHERE isMerch = 0 ORDER BY id');
    if (demoCars.length === 0 || merch.length === 0 || prints.length === 0) {
      throw new Error('The scale fill starts from the demo data (SEED_DEMO): this database has none');
    }
    for (const [table, rows] of [
      ['scale_cars', demoCars],
      ['scale_merch', merch],
      ['scale_prints', prints],
    ] as const) {
      await qr.query(`CREATE TABLE ${table} (k INTEGER NOT NULL PRIMARY KEY, id INTEGER NOT NULL)`);
      await qr.query(
        `INSERT INTO ${table} (k, id) VALUES ${rows.map((row, k) => `(${k}, ${Number(row.id)})`).join(', ')}`,
      );
    }
    const K = demoCars.length;
    const next = async (table: string) => Number((await qr.query(`SELECT MAX(id) AS id FROM ${table}`))[0].id ?? 0) + 1;
    const firstUser = await next('users');
    const firstCar = await next('cars');
    const firstOrder = await next('orders');
    const { users: U, cars: N, orders: O, days } = sizes;

    // Users: scale-user-<n>, joined over the last two years; a hash nobody can sign in with.
    const userName = (n: string) => sql.concat(`'Scale User '`, n);
    await step(`${U.toLocaleString('en-US')} users`, () =>
      chunked(
        U,
        CHUNK * 2,
        (lo, hi) =>
          `INSERT INTO users (id, email, username, usernameKey, name, passwordHash, role, createdAt, updatedAt)
           SELECT ${firstUser} + n, ${sql.concat(`'scale-user-'`, 'n', `'@example.com'`)}, ${sql.concat(`'su'`, 'n')},
             ${sql.concat(`'su'`, 'n')}, ${userName('n')}, 'x', CASE WHEN n % 10 = 0 THEN 'owner' ELSE 'user' END,
             ${sql.ago(base, `(${U} - n) * ${Math.floor((730 * 86_400_000) / U)}`)},
             ${sql.ago(base, `(${U} - n) * ${Math.floor((730 * 86_400_000) / U)}`)}
           FROM scale_seq WHERE n >= ${lo} AND n < ${hi}`,
      ),
    );

    // Cars: the n-th a copy of demo car n mod K, added (N - n) × spacing ago, the newest last; an owner each.
    const spacingMs = Math.floor((730 * 86_400_000) / N);
    const carAgeMs = (n: string) => `(${N} - ${n}) * ${spacingMs}`;
    const carColumns = await columnsOf(qr, kind, 'cars');
    const carValue: Record<string, string> = {
      id: `${firstCar} + s.n`,
      slug: sql.concat('d.slug', `'-'`, 's.n'),
      ownerId: `${firstUser} + s.n % ${U}`,
      ownerName: userName(`s.n % ${U}`),
      featured: 'CASE WHEN s.n % 50 = 0 THEN 1 ELSE 0 END',
      totalVotes: votesOfSql('s.n'),
      createdAt: sql.ago(base, carAgeMs('s.n')),
      updatedAt: sql.ago(base, carAgeMs('s.n')),
    };
    /** Copies, for each added car s.n, the rows `join` finds for its demo car t.id, with `value`'s columns changed. */
    const copyPerCar = (label: string, table: string, columns: string[], value: Record<string, string>, join: string) =>
      step(label, () =>
        chunked(N, CHUNK, (lo, hi) => {
          const alias = join.split(' ')[2];
          return `INSERT INTO ${table} (${columns.map(sql.name).join(', ')})
            SELECT ${columns.map((c) => value[c] ?? `${alias}.${sql.name(c)}`).join(', ')}
            FROM scale_seq s JOIN scale_cars t ON t.k = s.n % ${K} ${join}
            WHERE s.n >= ${lo} AND s.n < ${hi} ORDER BY s.n`;
        }),
      );
    await copyPerCar(`${N.toLocaleString('en-US')} cars`, 'cars', carColumns, carValue, 'JOIN cars d ON d.id = t.id');

    // Their photos' rows: the demo car's, pointing at the demo's files (so pages and images render).
    const imageColumns = (await columnsOf(qr, kind, 'car_images')).filter((c) => c !== 'id');
    const imageValue: Record<string, string> = {
      carId: `${firstCar} + s.n`,
      uploadedById: `CASE WHEN i.isAdminUploaded = 1 THEN i.uploadedById ELSE ${firstUser} + s.n % ${U} END`,
      createdAt: sql.ago(base, carAgeMs('s.n')),
    };
    await copyPerCar('their photos', 'car_images', imageColumns, imageValue, 'JOIN car_images i ON i.carId = t.id');

    // Votes: votesOf(n) for the n-th car, each from another voter, over the last `days` days but after the car came.
    const voter = `(s.n + k.k * 7919) % ${VOTERS}`;
    const spanMs = days * 86_400_000;
    const voteAgeMs = `((s.n * 21 + k.k) * 2654435761) % ${sql.least(String(spanMs), `${carAgeMs('s.n')} + 1`)}`;
    await step('votes', () =>
      chunked(
        N,
        CHUNK,
        (lo, hi) =>
          `INSERT INTO votes (carId, ipHash, createdAt)
           SELECT ${firstCar} + s.n, ${sql.hash64(voter)}, ${sql.ago(base, voteAgeMs)}
           FROM scale_seq s JOIN scale_k k ON k.k < ${votesOfSql('s.n')}
           WHERE s.n >= ${lo} AND s.n < ${hi} ORDER BY s.n, k.k`,
      ),
    );
    const month = centralMonthSql(kind, 'createdAt');
    await step('monthly tallies', () =>
      chunked(
        N,
        CHUNK,
        (lo, hi) =>
          `INSERT INTO car_monthly_votes (carId, month, votes)
           SELECT carId, ${month}, COUNT(*) FROM votes
           WHERE carId >= ${firstCar + lo} AND carId < ${firstCar + hi} GROUP BY carId, ${month}`,
      ),
    );
    await step('24-hour vote limits', () =>
      inTransaction(() =>
        qr.query(
          `INSERT INTO vote_limits (carId, ipHash, lastVotedAt)
           SELECT carId, ipHash, MAX(createdAt) FROM votes WHERE carId >= ${firstCar} AND createdAt >= ${sql.ago(base, '86400000')}
           GROUP BY carId, ipHash`,
        ),
      ),
    );

    // Orders: a customer each, placed over the last two years, most delivered; a merch line, and every third a print
    // of a demo car's first photo. The amounts add up as checkout computes them (8% tax on the lines).
    const orderAgeMs = `(${O} - s.n) * ${Math.floor((730 * 86_400_000) / O)}`;
    const customer = `(s.n * 7) % ${U}`;
    const qty = '(1 + s.n % 3)';
    const subtotal = `(m.price * ${qty} + CASE WHEN s.n % 3 = 0 THEN p.price ELSE 0 END)`;
    const tax = sql.intDiv(`${subtotal} * 8`, '100');
    const status = `CASE WHEN s.n % 25 = 0 THEN 'pending' WHEN s.n % 25 = 1 THEN 'processing'
      WHEN s.n % 25 = 2 THEN 'shipped' WHEN s.n % 25 = 3 THEN 'canceled' ELSE 'delivered' END`;
    const templates = `JOIN scale_merch tm ON tm.k = s.n % ${merch.length} JOIN products m ON m.id = tm.id
      JOIN scale_prints tp ON tp.k = s.n % ${prints.length} JOIN products p ON p.id = tp.id`;
    await step(`${O.toLocaleString('en-US')} orders`, () =>
      chunked(
        O,
        CHUNK * 2,
        (lo, hi) =>
          `INSERT INTO orders (id, userId, status, email, shipName, shipLine1, shipCity, shipState, shipPostalCode,
             shipCountry, subtotal, shipping, tax, total, paymentId, paymentProvider, trackingNumber, createdAt, updatedAt)
           SELECT ${firstOrder} + s.n, ${firstUser} + ${customer}, ${status},
             ${sql.concat(`'scale-user-'`, customer, `'@example.com'`)}, ${userName(customer)},
             ${sql.concat('s.n % 900 + 100', `' Main Street'`)}, 'Sacramento', 'CA', '95814', 'US',
             ${subtotal}, m.shippingFee, ${tax}, ${subtotal} + m.shippingFee + ${tax}, ${sql.concat(`'scale-pay-'`, 's.n')}, 'test',
             CASE WHEN s.n % 25 IN (2, 4, 5, 6) THEN ${sql.concat(`'1Z'`, 's.n')} ELSE NULL END,
             ${sql.ago(base, orderAgeMs)}, ${sql.ago(base, orderAgeMs)}
           FROM scale_seq s ${templates} WHERE s.n >= ${lo} AND s.n < ${hi}`,
      ),
    );
    const lineColumns = `orderId, productId, productName, productImageUrl, isMerch, carId, carMake, carModel, imageId,
      imageUrl, printSize, printType, priceAtPurchase, quantity`;
    await step('their lines', async () => {
      await chunked(
        O,
        CHUNK * 2,
        (lo, hi) =>
          `INSERT INTO order_items (${lineColumns})
           SELECT ${firstOrder} + s.n, m.id, m.name, m.imageUrl, 1, NULL, NULL, NULL, NULL, NULL, NULL, NULL, m.price, ${qty}
           FROM scale_seq s ${templates} WHERE s.n >= ${lo} AND s.n < ${hi}`,
      );
      await chunked(
        O,
        CHUNK * 2,
        (lo, hi) =>
          `INSERT INTO order_items (${lineColumns})
           SELECT ${firstOrder} + s.n, p.id, p.name, p.imageUrl, 0, c.id, c.make, c.model, i.id, i.url, p.printSize,
             p.printType, p.price, 1
           FROM scale_seq s ${templates} JOIN scale_cars tc ON tc.k = s.n % ${K} JOIN cars c ON c.id = tc.id
             JOIN car_images i ON i.carId = c.id AND i.isPrimary = 1
           WHERE s.n >= ${lo} AND s.n < ${hi} AND s.n % 3 = 0`,
      );
    });

    await dropHelpers(qr);
    await step('statistics', async () => {
      // Fresh statistics, so each database plans its queries as it would on a live site.
      if (kind === 'sqlite') await qr.query('ANALYZE');
      else {
        await qr.query(
          'ANALYZE TABLE users, cars, car_images, votes, car_monthly_votes, vote_limits, orders, order_items',
        );
      }
    });
    const count = async (table: string, where = '') =>
      Number((await qr.query(`SELECT COUNT(*) AS n FROM ${table} ${where}`))[0].n);
    const seconds = (Date.now() - started) / 1000;
    return {
      cars: await count('cars', `WHERE id >= ${firstCar}`),
      images: await count('car_images', `WHERE carId >= ${firstCar}`),
      votes: await count('votes', `WHERE carId >= ${firstCar}`),
      users: await count('users', `WHERE id >= ${firstUser}`),
      orders: await count('orders', `WHERE id >= ${firstOrder}`),
      orderItems: await count('order_items', `WHERE orderId >= ${firstOrder}`),
      seconds,
    };
  } finally {
    // Settings of this connection only; it may be gone when the load failed (and then this must not hide why).
    const restore =
      kind === 'sqlite'
        ? ['PRAGMA synchronous = NORMAL', 'PRAGMA journal_mode = WAL']
        : ['SET SESSION unique_checks = 1, foreign_key_checks = 1'];
    for (const statement of restore) await qr.query(statement).catch(() => undefined);
    await qr.release();
  }
}

async function dropHelpers(qr: QueryRunner): Promise<void> {
  for (const table of ['scale_digits', 'scale_seq', 'scale_k', 'scale_cars', 'scale_merch', 'scale_prints']) {
    await qr.query(`DROP TABLE IF EXISTS ${table}`);
  }
}

/** A table's stored columns (not generated ones), in order. */
async function columnsOf(qr: QueryRunner, kind: 'sqlite' | 'mysql', table: string): Promise<string[]> {
  if (kind === 'sqlite') {
    const rows: { name: string }[] = await qr.query(`SELECT name FROM pragma_table_info('${table}')`);
    return rows.map((row) => row.name);
  }
  const rows: { name: string }[] = await qr.query(
    `SELECT COLUMN_NAME AS name FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?
     AND EXTRA NOT LIKE '%GENERATED%' ORDER BY ORDINAL_POSITION`,
    [table],
  );
  return rows.map((row) => row.name);
}

/** The few SQL spellings the two databases do not share. */
function dialect(kind: 'sqlite' | 'mysql') {
  const sqlite = kind === 'sqlite';
  /** 16 hex digits of a 48-bit mix of `n`. */
  const hex16 = (n: string, multiplier: number) =>
    sqlite
      ? `printf('%016x', ((${n}) * ${multiplier}) % 281474976710656)`
      : `LPAD(HEX(((${n}) * ${multiplier}) % 281474976710656), 16, '0')`;
  return {
    name: (column: string) => (sqlite ? `"${column}"` : `\`${column}\``),
    concat: (...parts: string[]) => (sqlite ? `(${parts.join(' || ')})` : `CONCAT(${parts.join(', ')})`),
    least: (a: string, b: string) => (sqlite ? `min(${a}, ${b})` : `LEAST(${a}, ${b})`),
    intDiv: (a: string, b: string) => (sqlite ? `((${a}) / ${b})` : `((${a}) DIV ${b})`),
    /** `ms` milliseconds before `base` (a quoted 'YYYY-MM-DD HH:mm:ss.SSS' UTC), as the column type stores it. */
    ago: (base: string, ms: string) =>
      sqlite
        ? `strftime('%Y-%m-%d %H:%M:%f', ${base}, '-' || ((${ms}) / 1000.0) || ' seconds')`
        : `(CAST(${base} AS DATETIME(3)) - INTERVAL ((${ms}) * 1000) MICROSECOND)`,
    /** A 64-hex-digit IP hash of voter number `n`, as votes store them. */
    hash64: (n: string) => {
      const parts = [2654435761, 40503, 2246822519, 3266489917].map((m) => hex16(n, m));
      return sqlite ? `(${parts.join(' || ')})` : `CONCAT(${parts.join(', ')})`;
    },
  };
}
