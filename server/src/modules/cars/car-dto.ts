import { type Car, type CarImage, centralMonthKey, LIMITS, normalizeSpecs } from '@curbside/shared';
import { type EntityManager, In, MoreThan } from 'typeorm';
import { UserEntity } from '../accounts/user.entity';
import { CarMonthlyVotesEntity } from '../votes/car-monthly-votes.entity';
import { VoteLimitEntity } from '../votes/vote-limit.entity';
import type { CarEntity } from './car.entity';
import type { CarImageEntity, ImageVariants } from './car-image.entity';

/** Who is looking: hasVoted is computed for this IP hash. */
export interface CarViewer {
  ipHash: string;
}

/**
 * The only shape in which a car leaves the server. Loads the images, owners, this month's tallies and the viewer's
 * vote cooldowns of all `cars` in four queries whatever their number (no query per car), and keeps the input order.
 * `em` is where the cars were read (a replica's, db/replicas.ts, or the primary's `ds.manager`); the viewer's own
 * votes are always read on the primary, so a visitor who has just voted sees it at once.
 */
export async function loadCarDtos(
  em: EntityManager,
  cars: CarEntity[],
  viewer: CarViewer,
  now: Date = new Date(),
): Promise<Car[]> {
  if (cars.length === 0) return [];
  return cars.map(await carDtoMapper(em, cars, viewer, now));
}

/** One car in the same shape. */
export async function loadCarDto(em: EntityManager, car: CarEntity, viewer: CarViewer): Promise<Car> {
  const toDto = await carDtoMapper(em, [car], viewer, new Date());
  return toDto(car);
}

/** Loads what the DTOs of `cars` (at least one) need, and gives the function that builds the DTO of each. */
async function carDtoMapper(
  em: EntityManager,
  cars: CarEntity[],
  viewer: CarViewer,
  now: Date,
): Promise<(car: CarEntity) => Car> {
  const carIds = cars.map((car) => car.id);
  const ownerIds = [...new Set(cars.map((car) => car.ownerId).filter((id): id is number => id != null))];
  const cooldownStart = new Date(now.getTime() - LIMITS.voteCooldownMs);

  const [images, owners, tallies, cooldowns] = await Promise.all([
    // Plain rows rather than entities: a gallery page reads a few hundred photos, and hydrating them as entities
    // was most of the response's time.
    em.query(
      `SELECT id, carId, url, isPrimary, isAdminUploaded, caption, fileSize, width, height, variants FROM car_images
       WHERE carId IN (${carIds.map(() => '?').join(', ')}) ORDER BY carId ASC, isPrimary DESC, sortOrder ASC, id ASC`,
      carIds,
    ) as Promise<ImageRow[]>,
    ownerIds.length
      ? em.getRepository(UserEntity).find({
          where: { id: In(ownerIds) },
          select: { id: true, name: true, username: true, role: true, bio: true, profilePicture: true },
        })
      : Promise.resolve([]),
    em.getRepository(CarMonthlyVotesEntity).find({ where: { carId: In(carIds), month: centralMonthKey(now) } }),
    // The primary (the DataSource's own manager), whichever server the rest comes from.
    em.connection.getRepository(VoteLimitEntity).find({
      where: { carId: In(carIds), ipHash: viewer.ipHash, lastVotedAt: MoreThan(cooldownStart) },
      select: { carId: true },
    }),
  ]);

  const imagesByCar = new Map<number, CarImage[]>();
  for (const row of images) {
    const carId = Number(row.carId);
    const list = imagesByCar.get(carId) ?? [];
    list.push(imageRowToDto(row));
    imagesByCar.set(carId, list);
  }
  const ownersById = new Map(owners.map((owner) => [owner.id, owner]));
  const monthlyByCar = new Map(tallies.map((tally) => [tally.carId, tally.votes]));
  const votedCars = new Set(cooldowns.map((row) => row.carId));

  return (car) => {
    const owner = car.ownerId != null ? ownersById.get(car.ownerId) : undefined;
    return {
      id: car.id,
      slug: car.slug,
      make: car.make,
      model: car.model,
      year: car.year,
      category: car.category,
      story: car.story,
      specs: car.specs,
      additionalSpecs: normalizeSpecs(car.additionalSpecs ?? {}),
      featured: car.featured,
      published: car.published,
      legalAgreement: car.legalAgreement,
      ownerId: car.ownerId,
      ownerName: car.ownerName,
      ownerDetails: owner
        ? {
            name: owner.name ?? owner.username,
            profilePicture: owner.profilePicture,
            role: owner.role,
            bio: owner.bio,
          }
        : null,
      images: imagesByCar.get(car.id) ?? [],
      totalVotes: car.totalVotes,
      lastMonthVotes: monthlyByCar.get(car.id) ?? 0,
      hasVoted: votedCars.has(car.id),
      createdAt: car.createdAt.toISOString(),
      ...(car.reviewState === 'public' ? {} : { review: { state: car.reviewState, note: car.reviewNote } }),
    };
  };
}

interface ImageRow {
  id: number | string;
  carId: number | string;
  url: string;
  isPrimary: number | boolean;
  isAdminUploaded: number | boolean;
  caption: string | null;
  fileSize: number | string | null;
  width: number | string;
  height: number | string;
  variants: string | ImageVariants | null;
}

function imageRowToDto(row: ImageRow): CarImage {
  const variants = typeof row.variants === 'string' ? (JSON.parse(row.variants) as ImageVariants) : row.variants;
  return {
    id: Number(row.id),
    url: row.url,
    isPrimary: Boolean(Number(row.isPrimary)),
    isAdminUploaded: Boolean(Number(row.isAdminUploaded)),
    caption: row.caption,
    fileSize: row.fileSize === null ? null : Number(row.fileSize),
    width: Number(row.width),
    height: Number(row.height),
    ...(variants ? { variants } : {}),
  };
}

/** One photo as the API shows it (for callers that hold the entity). */
export function toCarImageDto(image: CarImageEntity): CarImage {
  return {
    id: image.id,
    url: image.url,
    isPrimary: image.isPrimary,
    isAdminUploaded: image.isAdminUploaded,
    caption: image.caption,
    fileSize: image.fileSize,
    width: image.width,
    height: image.height,
    ...(image.variants ? { variants: image.variants } : {}),
  };
}
