import { randomBytes } from 'node:crypto';
import { type CarCreateInput, type CarUpdateInput, carSlugBase, MESSAGES, SERVER_LIMITS } from '@curbside/shared';
import type { DataSource } from 'typeorm';
import { isUniqueViolation } from '../../../db/errors';
import { runInTransaction } from '../../../db/transaction';
import { forbidden, notFound } from '../../../errors';
import { lockUser, type Quota, quotaRefusal, recentCreations } from '../../../lib/quota';
import { CarImageEntity } from '../../images/car-image.entity';
import type { ImagesService } from '../../images/images.service';
import { imageKeys } from '../../images/images.service';
// The entity types specs as strings; the shared schema also allows numbers and booleans (stored as JSON either way).
import { CarEntity, type CarSpecs } from '../car.entity';
import { type Actor, assertCanEditCar } from './access';

const S = MESSAGES.server;
export const FEATURE_ADMIN_ONLY = 'Only an admin can feature a car';
/** Cars one user may submit in any 24 hours (admins: no limit). */
export const CARS_PER_DAY: Quota = { limit: SERVER_LIMITS.carsPerUserPerDay, windowMs: SERVER_LIMITS.quotaDayMs };

/** Submitting, editing and deleting cars. The owner is always the signed-in user; the slug is made here. */
export class CarWriteService {
  constructor(private readonly deps: { ds: DataSource; images: ImagesService; now?: () => Date }) {}

  private get cars() {
    return this.deps.ds.getRepository(CarEntity);
  }

  /**
   * A user's submission counts against CARS_PER_DAY: the count and the insert hold the user's lock, so a parallel
   * burst cannot pass the quota.
   */
  async create(actor: Actor, input: CarCreateInput): Promise<CarEntity> {
    const now = this.deps.now?.() ?? new Date();
    const base = carSlugBase(input.make, input.model);
    const stamp = now.getTime();
    return runInTransaction(this.deps.ds, async (em) => {
      if (actor.role !== 'admin') {
        await lockUser(em, actor.id);
        const recent = await recentCreations(em, CarEntity, { ownerId: actor.id }, CARS_PER_DAY, now);
        const refusal = quotaRefusal(CARS_PER_DAY, recent, now, S.carsPerDayReached(CARS_PER_DAY.limit));
        if (refusal) throw refusal;
      }
      const cars = em.getRepository(CarEntity);
      // Part 2 §5: make and model plus a timestamp; two submissions in the same millisecond get a random tail instead.
      for (const suffix of [String(stamp), `${stamp}-${randomBytes(3).toString('hex')}`]) {
        try {
          return await cars.save(
            cars.create({
              slug: `${base}-${suffix}`,
              make: input.make,
              model: input.model,
              year: input.year,
              category: input.category,
              ownerName: input.ownerName,
              specs: input.specs ?? null,
              story: input.story ?? null,
              additionalSpecs: input.additionalSpecs as CarSpecs,
              legalAgreement: true,
              featured: false,
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

  /** Changes only the fields sent. The slug stays as it is, so shared links keep working. */
  async update(actor: Actor, input: CarUpdateInput): Promise<CarEntity> {
    const car = await this.cars.findOneBy({ id: input.id });
    if (!car) throw notFound(S.carNotFound);
    assertCanEditCar(actor, car);
    if (input.featured !== undefined && input.featured !== car.featured && actor.role !== 'admin') {
      throw forbidden(FEATURE_ADMIN_ONLY);
    }
    const changes: Partial<CarEntity> = {};
    if (input.make !== undefined) changes.make = input.make;
    if (input.model !== undefined) changes.model = input.model;
    if (input.year !== undefined) changes.year = input.year;
    if (input.category !== undefined) changes.category = input.category;
    if (input.ownerName !== undefined) changes.ownerName = input.ownerName;
    if (input.specs !== undefined) changes.specs = input.specs ?? null;
    if (input.story !== undefined) changes.story = input.story ?? null;
    if (input.additionalSpecs !== undefined) changes.additionalSpecs = input.additionalSpecs as CarSpecs;
    if (input.legalAgreement !== undefined) changes.legalAgreement = true;
    if (input.featured !== undefined) changes.featured = input.featured;
    if (Object.keys(changes).length > 0) await this.cars.update({ id: car.id }, changes);
    return this.cars.findOneByOrFail({ id: car.id });
  }

  /** Admin only (checked by the procedure): the car, its images (rows by cascade) and their files. */
  async delete(carId: number): Promise<void> {
    const images = await this.deps.ds.getRepository(CarImageEntity).findBy({ carId });
    const result = await runInTransaction(this.deps.ds, async (em) => {
      await em.getRepository(CarImageEntity).delete({ carId });
      return em.getRepository(CarEntity).delete({ id: carId });
    });
    if (!result.affected) throw notFound(S.carNotFound);
    await this.deps.images.removeFiles(images.flatMap(imageKeys));
  }

  /** The signed-in user's cars, newest first. */
  ownedBy(userId: number): Promise<CarEntity[]> {
    return this.cars.find({ where: { ownerId: userId }, order: { createdAt: 'DESC', id: 'DESC' } });
  }
}
