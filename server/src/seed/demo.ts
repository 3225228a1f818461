import { randomBytes } from 'node:crypto';
import type { UserRole } from '@curbside/shared';
import type { DataSource, EntityManager } from 'typeorm';
import type { Storage } from '../lib/storage';
import { hashPassword } from '../modules/accounts/password';
import { UserEntity } from '../modules/accounts/user.entity';
import { AdvertisementEntity } from '../modules/ads/advertisement.entity';
import { CarEntity } from '../modules/cars/car.entity';
import { CarImageEntity } from '../modules/cars/car-image.entity';
import { EventEntity } from '../modules/events/event.entity';
import { ProductEntity } from '../modules/products/product.entity';
import { CarMonthlyVotesEntity } from '../modules/votes/car-monthly-votes.entity';
import { VoteEntity } from '../modules/votes/vote.entity';
import { VoteLimitEntity } from '../modules/votes/vote-limit.entity';
import {
  DEMO_CARS,
  DEMO_EVENTS,
  DEMO_PRODUCTS,
  DEMO_USERS,
  type DemoCar,
  type DemoProduct,
  type DemoUser,
  demoEvents,
  PHOTO_CAPTIONS,
} from './demo-data';
import { adSvg, carSceneSvg, meetSvg, productSvg, type WrittenImage, writeSvgImage } from './demo-images';
import { generateDemoVotes, monthKey } from './demo-votes';
import { ensureSiteSettings } from './site-settings';

export { ensureSiteSettings } from './site-settings';

export interface SeedLogger {
  info(message: string): void;
}

export interface DemoAccount {
  role: UserRole;
  email: string;
  password: string;
}

export interface SeedResult {
  loaded: boolean;
  /** The accounts to sign in with (printed at start); empty when nothing was loaded. */
  accounts: DemoAccount[];
}

const DAY = 24 * 60 * 60 * 1000;
const NOTHING: SeedResult = { loaded: false, accounts: [] };

/**
 * Loads the demo data set into an empty database (no users and no cars); otherwise does nothing at all. Pictures go to
 * the photo storage under `demo/` (so every app server can serve them); every row goes in one transaction, so a failure leaves the database empty.
 */
export async function seedDemoData(
  ds: DataSource,
  options: { storage: Storage; log?: SeedLogger; now?: Date },
): Promise<SeedResult> {
  if (!(await isEmpty(ds.manager))) return NOTHING;
  const now = options.now ?? new Date();
  const started = Date.now();

  const [pictures, users] = await Promise.all([
    renderPictures(options.storage),
    Promise.all(
      DEMO_USERS.map(async (u) => ({
        ...u,
        passwordHash: await hashPassword(u.password ?? randomBytes(24).toString('base64url')),
      })),
    ),
  ]);

  try {
    await ds.transaction(async (em) => {
      // Another server may have seeded since the first look: then leave its data alone.
      if (!(await isEmpty(em))) throw new AlreadySeeded();
      await ensureSiteSettings(em);
      await insertRows(em, now, pictures, users);
    });
  } catch (err) {
    if (err instanceof AlreadySeeded || !(await isEmpty(ds.manager))) return NOTHING;
    throw err;
  }

  options.log?.info(`Demo data: ${DEMO_CARS.length} cars, pictures and votes loaded in ${Date.now() - started} ms`);
  return {
    loaded: true,
    accounts: DEMO_USERS.flatMap((u) => (u.password ? [{ role: u.role, email: u.email, password: u.password }] : [])),
  };
}

class AlreadySeeded extends Error {}

async function isEmpty(em: EntityManager): Promise<boolean> {
  const [users, cars] = await Promise.all([em.count(UserEntity), em.count(CarEntity)]);
  return users === 0 && cars === 0;
}

interface Pictures {
  cars: { car: DemoCar; photos: WrittenImage[] }[];
  products: { product: DemoProduct; image: WrittenImage }[];
  /** Each event's picture by its key. */
  events: Map<string, WrittenImage>;
  banner: WrittenImage;
  column: WrittenImage;
}

/** Renders every demo picture, a few at a time (each is a 1600×1000 raster in memory while it is encoded). */
async function renderPictures(storage: Storage): Promise<Pictures> {
  const limit = limiter(4);
  const carNamed = (slug: string): DemoCar => {
    const car = DEMO_CARS.find((c) => c.slug === slug);
    if (!car) throw new Error(`A demo event's picture names car '${slug}', which the data set does not have`);
    return car;
  };
  const [cars, products, events, banner, column] = await Promise.all([
    Promise.all(
      DEMO_CARS.map(async (car) => ({
        car,
        photos: await Promise.all(
          Array.from({ length: car.photos }, (_, n) =>
            limit(() =>
              writeSvgImage(storage, `demo/${car.slug}/${n + 1}.jpg`, carSceneSvg(car, n), { variants: true }),
            ),
          ),
        ),
      })),
    ),
    Promise.all(
      DEMO_PRODUCTS.map(async (product) => ({
        product,
        image: await limit(() =>
          writeSvgImage(
            storage,
            `demo/products/${product.sku.toLowerCase()}.jpg`,
            productSvg(
              product.art,
              product.color,
              DEMO_CARS.find((car) => car.slug === product.printOf),
            ),
            { variants: false },
          ),
        ),
      })),
    ),
    Promise.all(
      DEMO_EVENTS.map(async ({ key, picture }) => {
        const [a, b, c] = picture.cars;
        const svg = meetSvg(picture.scene, [carNamed(a), carNamed(b), carNamed(c)]);
        const image = await limit(() => writeSvgImage(storage, `demo/events/${key}.jpg`, svg, { variants: false }));
        return [key, image] as const;
      }),
    ).then((entries) => new Map(entries)),
    limit(() =>
      writeSvgImage(
        storage,
        'demo/ads/banner-728x90.jpg',
        adSvg(728, 90, 'Get your car on Curbside', 'Book a shoot', '#c0392b'),
        {
          variants: false,
        },
      ),
    ),
    limit(() =>
      writeSvgImage(storage, 'demo/ads/column-120x600.jpg', adSvg(120, 600, 'Detail Co.', 'Shop wax', '#2e86de'), {
        variants: false,
      }),
    ),
  ]);
  return { cars, products, events, banner, column };
}

/** Wraps jobs so that at most `max` run at once, started in the order they were wrapped. */
function limiter(max: number): <T>(job: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (job) => {
    if (running < max) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve)); // a finishing job hands its slot over
    try {
      return await job();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

async function insertRows(
  em: EntityManager,
  now: Date,
  pictures: Pictures,
  demoUsers: (DemoUser & { passwordHash: string })[],
): Promise<void> {
  const monthsAgo = (n: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - n, 1));

  // Users joined about four months ago, cars were shot a month later: before the first demo vote.
  const userRepo = em.getRepository(UserEntity);
  const users = demoUsers.map((u, i) => ({
    key: u.key,
    row: userRepo.create({
      email: u.email,
      username: u.username,
      usernameKey: u.username.toLowerCase(),
      name: u.name,
      passwordHash: u.passwordHash,
      role: u.role,
      bio: u.bio,
      profilePicture: null,
      createdAt: new Date(monthsAgo(4).getTime() + i * DAY),
      // The demo accounts' addresses count as verified (docs/decisions.md), like every account made before.
      emailVerifiedAt: new Date(monthsAgo(4).getTime() + i * DAY),
    }),
  }));
  await userRepo.save(users.map((u) => u.row)); // sets each row's id
  const userIds = new Map(users.map(({ key, row }) => [key, row.id]));
  const userId = (key: string): number => {
    const id = userIds.get(key);
    if (id === undefined) throw new Error(`The demo data set has no user '${key}'`);
    return id;
  };
  const adminId = userId('admin');

  const votes = generateDemoVotes(
    pictures.cars.map(({ car }) => car.popularity),
    now,
  );

  const carRepo = em.getRepository(CarEntity);
  const cars = pictures.cars.map(({ car: c, photos }, i) => ({
    demo: c,
    photos,
    row: carRepo.create({
      slug: c.slug,
      make: c.make,
      model: c.model,
      year: c.year,
      category: c.category,
      story: c.story,
      specs: c.specs,
      ownerName: c.ownerName,
      ownerId: c.owner ? userId(c.owner) : null,
      additionalSpecs: c.additionalSpecs,
      legalAgreement: true,
      featured: c.featured,
      totalVotes: votes.filter((v) => v.carIndex === i).length,
      createdAt: new Date(monthsAgo(3).getTime() + i * 2 * DAY),
    }),
  }));
  await carRepo.save(cars.map((c) => c.row)); // sets each row's id

  await em.getRepository(CarImageEntity).save(
    cars.flatMap(({ demo, photos, row }) =>
      photos.map((img, n) => {
        const ownerId = row.ownerId;
        const official = n < 2 || ownerId === null;
        return {
          carId: row.id,
          storageKey: img.storageKey,
          url: img.url,
          width: img.width,
          height: img.height,
          variants: img.variants,
          isPrimary: n === 0,
          isAdminUploaded: official,
          caption: PHOTO_CAPTIONS[demo.scene][n] ?? null,
          fileSize: img.fileSize,
          sortOrder: n,
          uploadedById: official ? adminId : ownerId,
          createdAt: row.createdAt,
        };
      }),
    ),
  );

  const voteRows = votes.map((v) => {
    const car = cars[v.carIndex];
    if (!car) throw new Error(`The demo votes name car ${v.carIndex}, which the data set does not have`);
    return { carId: car.row.id, ipHash: v.ipHash, createdAt: v.createdAt };
  });
  for (let i = 0; i < voteRows.length; i += 100) {
    const chunk = voteRows.slice(i, i + 100);
    await em.insert(VoteEntity, chunk);
    await em.insert(
      VoteLimitEntity,
      chunk.map((v) => ({ carId: v.carId, ipHash: v.ipHash, lastVotedAt: v.createdAt })),
    );
  }
  const tally = new Map<string, { carId: number; month: string; votes: number }>();
  for (const v of voteRows) {
    const month = monthKey(v.createdAt);
    const key = `${v.carId}:${month}`;
    const row = tally.get(key) ?? { carId: v.carId, month, votes: 0 };
    row.votes++;
    tally.set(key, row);
  }
  await em.insert(CarMonthlyVotesEntity, [...tally.values()]);

  await em.insert(
    ProductEntity,
    pictures.products.map(({ product: p, image }) => ({
      name: p.name,
      description: p.description,
      category: p.category,
      price: p.price,
      shippingFee: p.shippingFee,
      stock: p.stock,
      sku: p.sku,
      imageUrl: image.url,
      featured: p.featured,
      active: true,
      isMerch: p.isMerch,
      printSize: p.printSize,
      printType: p.printType,
    })),
  );

  await em.insert(
    EventEntity,
    demoEvents(now, (event) => {
      const image = pictures.events.get(event.key);
      if (!image) throw new Error(`The demo event '${event.key}' has no picture`);
      return image.url;
    }),
  );

  const window = { startDate: new Date(now.getTime() - 15 * DAY), endDate: new Date(now.getTime() + 15 * DAY) };
  await em.insert(AdvertisementEntity, [
    {
      name: 'Curbside photo shoots',
      description: 'House banner: book a professional shoot for your car.',
      type: 'banner',
      imageUrl: pictures.banner.url,
      linkUrl: 'https://curbside.example/photoshoots',
      active: true,
      ...window,
    },
    {
      name: 'Detail Co. wax',
      description: 'Sidebar ad for a local detailer.',
      type: 'column',
      imageUrl: pictures.column.url,
      linkUrl: 'https://detailco.example/',
      active: true,
      ...window,
    },
  ]);
}
