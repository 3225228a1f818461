import { randomBytes, randomInt } from 'node:crypto';
import {
  type AdminCar,
  type Car,
  type CarCreateInput,
  type CarListQuery,
  type CarPageQuery,
  type CarSearchQuery,
  type CarUpdateInput,
  carSlugBase,
  type EditedPart,
  MESSAGES,
  type Page,
  SERVER_LIMITS,
} from '@curbside/shared';
import { type DataSource, In } from 'typeorm';
import { isUniqueViolation } from '../../db/errors';
import { keysetPage } from '../../db/keyset';
import { onReplica, type ReadAfterWrite } from '../../db/replicas';
import { runInTransaction } from '../../db/transaction';
import { forbidden, notFound } from '../../errors';
import { lockUser, type Quota, quotaRefusal, recentCreations } from '../../lib/sliding-window';
import type { ImagesService } from '../images/images.service';
import { type Actor, assertCanEditCar, lockCar } from './access';
import { CarEntity } from './car.entity';
import { type CarViewer, loadCarDto, loadCarDtos } from './car-dto';
import { CarImageEntity } from './car-image.entity';
import { searchCarIds, searchWords } from './car-search';
import { type EditRecorder, editsNeedReview, type ReviewEdits, sendBackToReview } from './edit-review';
import { CarEditThrottle } from './edit-throttle';
import { imageKeys } from './image-keys';
import { ownerNotSuspended, syncListing } from './listing';
import { type CarPlacement, carPlacement } from './placement';

const S = MESSAGES.server;
export const FEATURE_ADMIN_ONLY = 'Only an admin can feature a car';
/** Cars one user may submit in any 24 hours (admins: no limit). */
export const CARS_PER_DAY: Quota = { limit: SERVER_LIMITS.carsPerUserPerDay, windowMs: SERVER_LIMITS.quotaDayMs };

/** The cars anyone may see: those with at least one stored photo (a new car is unlisted until then). */
export const LISTED = { published: true } as const;

/**
 * Cars: lists, search and one car, always as the public DTO; submitting, editing and deleting. The owner of a new
 * car is always the signed-in user; the slug is made here.
 */
/** A short tail for a taken slug: 4 base36 characters (1.7 million), 'k3x9'. */
const shortSuffix = () =>
  randomInt(36 ** 4)
    .toString(36)
    .padStart(4, '0');

/**
 * The slugs a new car tries in turn (part 2 §5 asks for make and model plus a timestamp; the address reads better
 * without one): the plain 'datsun-240z' while it is free, then with a short random tail ('datsun-240z-k3x9'), then a
 * long one. A base of digits alone ('240', from a make in another script) always gets a tail, so it never reads as
 * a car id.
 */
function* carSlugCandidates(base: string): Generator<string> {
  if (/[a-z]/.test(base)) yield base;
  for (let attempt = 0; attempt < 4; attempt++) yield `${base}-${shortSuffix()}`;
  yield `${base}-${randomBytes(8).toString('hex')}`;
}

/** An edited car, and its placement before and after the edit. */
export interface CarChange {
  car: Car;
  before: CarPlacement;
  after: CarPlacement;
}

export class CarsService {
  private readonly edits: CarEditThrottle;

  constructor(
    private readonly deps: {
      ds: DataSource;
      images: ImagesService;
      edits?: CarEditThrottle;
      now?: () => Date;
      /** Whether a new car waits for an admin's approval (the site setting); off when not given. */
      reviewNewCars?: () => Promise<boolean>;
      /** Whether a member's edit of an approved car sends it back to review (the site setting); off when not given. */
      reviewEdits?: ReviewEdits;
      /** Where the review queue learns what an edit changed (moderation's edit flags); nothing recorded when not given. */
      editRecorder?: EditRecorder;
    },
  ) {
    this.edits = deps.edits ?? new CarEditThrottle(deps.ds);
  }

  private get cars() {
    return this.deps.ds.getRepository(CarEntity);
  }

  /**
   * Newest first (the gallery, home, the admin's list), one page at a time by cursor (keyset pagination, db/keyset.ts)
   * or, for the documented call, a bounded offset; optionally only featured cars or one category. Each filter has an
   * index ending in createdAt: (createdAt), (featured, createdAt), (category, createdAt).
   */
  list(query: CarListQuery | CarPageQuery, viewer: CarViewer & ReadAfterWrite): Promise<Page<Car>> {
    // A replica's, when there are replicas: a list may be a second behind (db/replicas.ts).
    return onReplica(
      this.deps.ds,
      async (db) => {
        const qb = db.getRepository(CarEntity).createQueryBuilder('car').where('car.published = :published', LISTED);
        if (query.featured !== undefined) qb.andWhere('car.featured = :featured', { featured: query.featured });
        if (query.category) qb.andWhere('car.category = :category', { category: query.category });
        const page = await keysetPage(qb, query);
        return { items: await loadCarDtos(db, page.items, viewer), nextCursor: page.nextCursor };
      },
      viewer,
    );
  }

  /**
   * Listed cars whose make, model or owner name has a word beginning with each word of the text (ignoring case and
   * accents), through the full-text index (car-search.ts): the most whole-word matches first, then the most votes,
   * then the newest. Text without a letter or digit matches nothing.
   */
  search(query: CarSearchQuery, viewer: CarViewer & ReadAfterWrite): Promise<Car[]> {
    // A replica's, when there are replicas: search results may be a second behind (db/replicas.ts).
    return onReplica(
      this.deps.ds,
      async (db) => {
        const ids = await searchCarIds(db, searchWords(query.q), query.limit);
        if (ids.length === 0) return [];
        const found = new Map((await db.getRepository(CarEntity).findBy({ id: In(ids) })).map((car) => [car.id, car]));
        const cars = ids.flatMap((id) => found.get(id) ?? []);
        return loadCarDtos(db, cars, viewer);
      },
      viewer,
    );
  }

  /**
   * A listed car, the same for everyone (the response is shared by the read cache): a car without a photo yet is
   * "Car not found" here, its owner sees it in My Vehicles and on its edit page.
   */
  bySlug(slug: string, viewer: CarViewer): Promise<Car> {
    return this.dtoOf({ slug, ...LISTED }, viewer);
  }

  byId(id: number, viewer: CarViewer): Promise<Car> {
    return this.dtoOf({ id, ...LISTED }, viewer);
  }

  /**
   * Admin only (checked by the procedure): any car by its slug, listed or not (held, hidden, waiting, rejected, its
   * owner suspended, no photo yet), with whether its owner is suspended; never through the shared read cache.
   */
  async asAdminSees(slug: string, viewer: CarViewer): Promise<AdminCar> {
    const em = this.deps.ds.manager;
    const car = await this.cars.findOneBy({ slug });
    if (!car) throw notFound(S.carNotFound);
    const [dto, notSuspended] = await Promise.all([loadCarDto(em, car, viewer), ownerNotSuspended(em, car.ownerId)]);
    return { ...dto, ownerSuspended: !notSuspended };
  }

  /** The signed-in user's cars (My Vehicles), newest first, listed or not yet. */
  async ownedBy(userId: number, viewer: CarViewer): Promise<Car[]> {
    const cars = await this.cars.find({ where: { ownerId: userId }, order: { createdAt: 'DESC', id: 'DESC' } });
    return loadCarDtos(this.deps.ds.manager, cars, viewer);
  }

  private async dtoOf(
    where: { id: number; published?: true } | { slug: string; published?: true },
    viewer: CarViewer,
  ): Promise<Car> {
    const car = await this.cars.findOneBy(where);
    if (!car) throw notFound(S.carNotFound);
    return loadCarDto(this.deps.ds.manager, car, viewer);
  }

  /**
   * A user's submission counts against CARS_PER_DAY: the count and the insert hold the user's lock, so a parallel
   * burst cannot pass the quota.
   */
  async create(actor: Actor, input: CarCreateInput, viewer: CarViewer): Promise<Car> {
    const car = await this.insert(actor, input);
    return this.dtoOf({ id: car.id }, viewer);
  }

  private async insert(actor: Actor, input: CarCreateInput): Promise<CarEntity> {
    const now = this.deps.now?.() ?? new Date();
    const base = carSlugBase(input.make, input.model);
    // An admin's own car needs no approval.
    const waits = !actor.admin && (await this.deps.reviewNewCars?.()) === true;
    return runInTransaction(this.deps.ds, async (em) => {
      if (!actor.admin) {
        await lockUser(em, actor.id);
        const recent = await recentCreations(em, CarEntity, { ownerId: actor.id }, CARS_PER_DAY, now);
        const refusal = quotaRefusal(CARS_PER_DAY, recent, now, S.carsPerDayReached(CARS_PER_DAY.limit));
        if (refusal) throw refusal;
      }
      const cars = em.getRepository(CarEntity);
      for (const slug of carSlugCandidates(base)) {
        try {
          return await cars.save(
            cars.create({
              slug,
              make: input.make,
              model: input.model,
              year: input.year,
              category: input.category,
              ownerName: input.ownerName,
              specs: input.specs ?? null,
              story: input.story ?? null,
              additionalSpecs: input.additionalSpecs,
              legalAgreement: true,
              featured: false,
              // Listed with its first stored photo (syncListing).
              published: false,
              reviewState: waits ? 'pending' : 'public',
              ownerId: actor.id,
            }),
          );
        } catch (error) {
          // SQLite and MySQL undo only the failed statement: the transaction goes on.
          if (!isUniqueViolation(error)) throw error;
        }
      }
      throw new Error('could not make a unique car slug');
    });
  }

  /**
   * Changes only the fields sent. The slug stays as it is, so shared links keep working. Counts against the user's
   * edits (edit-throttle.ts). Returns the car, and its placement before and after (what lists pick it by).
   */
  update(actor: Actor, input: CarUpdateInput, viewer: CarViewer): Promise<CarChange> {
    return this.edits.run(actor, () => this.change(actor, input, viewer));
  }

  private async change(actor: Actor, input: CarUpdateInput, viewer: CarViewer): Promise<CarChange> {
    const review = await editsNeedReview(actor, this.deps.reviewEdits);
    const { before, after } = await runInTransaction(this.deps.ds, async (em) => {
      const car = await lockCar(em, input.id);
      if (!car) throw notFound(S.carNotFound);
      assertCanEditCar(actor, car);
      if (input.featured !== undefined && input.featured !== car.featured && !actor.admin) {
        throw forbidden(FEATURE_ADMIN_ONLY);
      }
      const before = (await carPlacement(em, car)) as CarPlacement;
      const changes: Partial<CarEntity> = {};
      if (input.make !== undefined) changes.make = input.make;
      if (input.model !== undefined) changes.model = input.model;
      if (input.year !== undefined) changes.year = input.year;
      if (input.category !== undefined) changes.category = input.category;
      if (input.ownerName !== undefined) changes.ownerName = input.ownerName;
      if (input.specs !== undefined) changes.specs = input.specs ?? null;
      if (input.story !== undefined) changes.story = input.story ?? null;
      if (input.additionalSpecs !== undefined) changes.additionalSpecs = input.additionalSpecs;
      if (input.legalAgreement !== undefined) changes.legalAgreement = true;
      if (input.featured !== undefined) changes.featured = input.featured;
      if (Object.keys(changes).length === 0) return { before, after: before };
      await em.getRepository(CarEntity).update({ id: car.id }, changes);
      // A member's change of what the car's page shows waits for an admin again (issue 41 part 4; edit-review.ts).
      const changed = changedTexts(car, changes);
      if (review && changed.length > 0 && (await sendBackToReview(em, car, changed, this.deps.editRecorder)))
        await syncListing(em, car.id);
      return { before, after: (await carPlacement(em, car.id)) as CarPlacement };
    });
    return { car: await this.dtoOf({ id: input.id }, viewer), before, after };
  }

  /**
   * Admin only (checked by the procedure): the car, its images (rows by cascade) and their files. Returns the car's
   * placement as it was.
   */
  async delete(carId: number): Promise<CarPlacement> {
    const images = await this.deps.ds.getRepository(CarImageEntity).findBy({ carId });
    const removed = await runInTransaction(this.deps.ds, async (em) => {
      const car = await em.getRepository(CarEntity).findOneBy({ id: carId });
      if (!car) return null;
      const placement = await carPlacement(em, car);
      await em.getRepository(CarImageEntity).delete({ carId });
      await em.getRepository(CarEntity).delete({ id: carId });
      return placement;
    });
    if (!removed) throw notFound(S.carNotFound);
    await this.deps.images.removeFiles(images.flatMap(imageKeys));
    return removed;
  }
}

/** The fields of a car's page a member writes (what edit review is about), not the admin's or the agreement. */
const TEXT_FIELDS = ['make', 'model', 'year', 'category', 'ownerName', 'specs', 'story', 'additionalSpecs'] as const;

/** Whether `changes` gives one of the car's texts a new value (saving the form unchanged changes nothing). */
function changedTexts(car: CarEntity, changes: Partial<CarEntity>): EditedPart[] {
  return TEXT_FIELDS.filter(
    (field) => changes[field] !== undefined && JSON.stringify(changes[field]) !== JSON.stringify(car[field]),
  );
}
