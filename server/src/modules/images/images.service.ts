import { type CarImage, MESSAGES, SERVER_LIMITS } from '@curbside/shared';
import type { FastifyBaseLogger } from 'fastify';
import { type DataSource, type EntityManager, IsNull, Not } from 'typeorm';
import { runInTransaction } from '../../db/transaction';
import { conflict, DomainError, notFound } from '../../errors';
import type { ImageQueue } from '../../lib/image-queue';
import { lockUser, type Quota, quotaRefusal, recentCreations } from '../../lib/sliding-window';
import type { Storage } from '../../lib/storage';
import { type Actor, assertCanEditCar, lockCar } from '../cars/access';
import { CarEntity } from '../cars/car.entity';
import { toCarImageDto } from '../cars/car-dto';
import { CarImageEntity } from '../cars/car-image.entity';
import { type EditRecorder, editsNeedReview, type ReviewEdits, sendBackToReview } from '../cars/edit-review';
import { CarEditThrottle } from '../cars/edit-throttle';
import { imageKeys } from '../cars/image-keys';
import { syncListing } from '../cars/listing';
import { type CarPlacement, carPlacement } from '../cars/placement';
import { hashColumns, type PhotoMatchesService } from '../photo-matches/photo-matches.service';
import { removeKeys, storeCarPhoto } from './process-image';

const S = MESSAGES.server;
/** Car photos one user may upload in any 24 hours (admins: no limit). */
export const PHOTOS_PER_DAY: Quota = { limit: SERVER_LIMITS.photosPerUserPerDay, windowMs: SERVER_LIMITS.quotaDayMs };

/**
 * Car photos. Exactly one image of a car with images is primary; every change that touches the flag locks the car
 * row first, so two concurrent uploads or primary changes cannot leave zero or two primaries.
 */
export class ImagesService {
  constructor(
    private readonly deps: {
      ds: DataSource;
      storage: Storage;
      imageQueue: ImageQueue;
      edits?: CarEditThrottle;
      /** Flags a new photo that looks like another user's (copied-photo detection). */
      photoMatches: PhotoMatchesService;
      /** Whether a member's edit of an approved car sends it back to review (the site setting); off when not given. */
      reviewEdits?: ReviewEdits;
      /** Where the review queue learns what an edit changed (moderation's edit flags). */
      editRecorder?: EditRecorder;
      log?: FastifyBaseLogger;
      now?: () => Date;
    },
  ) {
    this.edits = deps.edits ?? new CarEditThrottle(deps.ds);
  }

  /** Every change of a car's photos counts against its user's edits (cars/edit-throttle.ts). */
  private readonly edits: CarEditThrottle;

  /**
   * Stores the photo in `file` and adds it to the car; a failure at any step leaves no row and no file. A user's
   * photo counts against SERVER_LIMITS.photosPerCar and PHOTOS_PER_DAY: checked before the photo is processed, and again
   * with the user's and the car's locks held where the row is inserted, so a parallel burst cannot pass either.
   * A photo that looks like another user's is flagged for the admin in the same transaction (photo-matches/).
   * Returns the image, and the car's placement when the photo listed it (its first photo), else null.
   */
  async addCarImage(
    actor: Actor,
    carId: number,
    isPrimary: boolean,
    file: string,
  ): Promise<{ image: CarImage; listingChange: CarPlacement | null }> {
    return this.edits.run(actor, () => this.add(actor, carId, isPrimary, file));
  }

  private async add(actor: Actor, carId: number, isPrimary: boolean, file: string) {
    const car = await this.deps.ds.getRepository(CarEntity).findOneBy({ id: carId });
    if (!car) throw notFound(S.carNotFound);
    assertCanEditCar(actor, car);
    await this.assertRoomForPhoto(this.deps.ds.manager, actor, carId);

    const review = await editsNeedReview(actor, this.deps.reviewEdits);
    const stored = await storeCarPhoto(this.deps, file, carId);
    try {
      const { row, listingChange } = await runInTransaction(this.deps.ds, async (em) => {
        if (!actor.admin) await lockUser(em, actor.id); // the user first, then the car: one order
        const locked = await lockCar(em, carId);
        if (!locked) throw notFound(S.carNotFound); // deleted meanwhile
        await this.assertRoomForPhoto(em, actor, carId);
        const images = em.getRepository(CarImageEntity);
        const existing = await images.find({ where: { carId }, select: { id: true, sortOrder: true } });
        const primary = isPrimary || existing.length === 0;
        if (primary && existing.length > 0) await images.update({ carId }, { isPrimary: false });
        const saved = await images.save(
          images.create({
            carId,
            storageKey: stored.storageKey,
            url: stored.url,
            width: stored.width,
            height: stored.height,
            variants: stored.variants,
            fileSize: stored.fileSize,
            isPrimary: primary,
            isAdminUploaded: actor.admin && car.ownerId !== actor.id,
            caption: null,
            sortOrder: Math.max(-1, ...existing.map((i) => i.sortOrder)) + 1,
            uploadedById: actor.id,
            ...hashColumns(stored.perceptualHash),
          }),
        );
        await this.deps.photoMatches.flagCopies(em, saved.id, stored.perceptualHash);
        // A member's new photo of an approved car waits for an admin again (cars/edit-review.ts).
        if (review) await sendBackToReview(em, locked, ['photos'], this.deps.editRecorder);
        return { row: saved, listingChange: await listingChangeOf(em, carId) };
      });
      return { image: toCarImageDto(row), listingChange };
    } catch (error) {
      await removeKeys(this.deps.storage, stored.keys);
      throw error;
    }
  }

  /** Refuses a non-admin's photo when the car is full (409) or the user's daily photo quota is used up (429). */
  private async assertRoomForPhoto(em: EntityManager, actor: Actor, carId: number): Promise<void> {
    if (actor.admin) return;
    if ((await em.getRepository(CarImageEntity).countBy({ carId })) >= SERVER_LIMITS.photosPerCar) {
      throw conflict(S.photosPerCarReached(SERVER_LIMITS.photosPerCar));
    }
    const now = this.deps.now?.() ?? new Date();
    const recent = await recentCreations(em, CarImageEntity, { uploadedById: actor.id }, PHOTOS_PER_DAY, now);
    const refusal = quotaRefusal(PHOTOS_PER_DAY, recent, now, S.photosPerDayReached(PHOTOS_PER_DAY.limit));
    if (refusal) throw refusal;
  }

  /**
   * Whether `key` is a car photo's original kept for prints only (one with variants, whose largest is its public
   * URL): /api/file answers 404 for it.
   */
  async isPrintOnly(key: string): Promise<boolean> {
    return this.deps.ds.getRepository(CarImageEntity).existsBy({ storageKey: key, variants: Not(IsNull()) });
  }

  /** Makes `imageId` the car's only primary image; returns the car's images. */
  setPrimary(actor: Actor, imageId: number, carId: number): Promise<CarImage[]> {
    return this.edits.run(actor, () => this.makePrimary(actor, imageId, carId));
  }

  private makePrimary(actor: Actor, imageId: number, carId: number): Promise<CarImage[]> {
    return runInTransaction(this.deps.ds, async (em) => {
      const car = await lockCar(em, carId);
      if (!car) throw notFound(S.carNotFound);
      assertCanEditCar(actor, car);
      const images = em.getRepository(CarImageEntity);
      const image = await images.findOneBy({ id: imageId });
      if (!image) throw notFound(S.imageNotFound);
      if (image.carId !== carId) throw new DomainError('BAD_REQUEST', S.imageNotOfCar);
      await images.update({ carId }, { isPrimary: false });
      await images.update({ id: imageId }, { isPrimary: true });
      return (await this.listOf(em, carId)).map(toCarImageDto);
    });
  }

  /**
   * Deletes one image and its files. The primary may go only when it is the car's last image. Returns its car, and
   * the car's placement when that unlisted it (its last photo), else null.
   */
  delete(actor: Actor, imageId: number): Promise<{ carId: number; listingChange: CarPlacement | null }> {
    return this.edits.run(actor, () => this.remove(actor, imageId));
  }

  private async remove(actor: Actor, imageId: number): Promise<{ carId: number; listingChange: CarPlacement | null }> {
    const found = await this.deps.ds.getRepository(CarImageEntity).findOneBy({ id: imageId });
    if (!found) throw notFound(S.imageNotFound);
    const review = await editsNeedReview(actor, this.deps.reviewEdits);
    const removed = await runInTransaction(this.deps.ds, async (em) => {
      const car = await lockCar(em, found.carId);
      if (!car) throw notFound(S.imageNotFound);
      assertCanEditCar(actor, car);
      const images = em.getRepository(CarImageEntity);
      const image = await images.findOneBy({ id: imageId });
      if (!image) throw notFound(S.imageNotFound); // removed by a concurrent request
      if (image.isPrimary && (await images.countBy({ carId: image.carId })) > 1) {
        throw new DomainError('CONFLICT', S.primaryImageDelete);
      }
      await images.delete({ id: imageId });
      // A member's removal of an approved car's photo waits for an admin again (cars/edit-review.ts).
      if (review) await sendBackToReview(em, car, ['photos'], this.deps.editRecorder);
      return { image, listingChange: await listingChangeOf(em, image.carId) };
    });
    await this.removeFiles(imageKeys(removed.image));
    return { carId: removed.image.carId, listingChange: removed.listingChange };
  }

  /**
   * Removes a photo in the caller's transaction, whatever its place: an admin's review removes a reported photo, the
   * primary too (the next photo becomes primary). Lists or unlists the car as it must. The caller holds the car's lock
   * and removes the returned files (removeFiles) once its transaction is committed.
   */
  async removeInTransaction(em: EntityManager, image: CarImageEntity): Promise<string[]> {
    const images = em.getRepository(CarImageEntity);
    await images.delete({ id: image.id });
    if (image.isPrimary) {
      const next = await images.findOne({
        where: { carId: image.carId },
        order: { sortOrder: 'ASC', id: 'ASC' },
        select: { id: true },
      });
      if (next) await images.update({ id: next.id }, { isPrimary: true });
    }
    await syncListing(em, image.carId);
    return imageKeys(image);
  }

  /** Removes stored files after their rows are gone; a storage failure is logged, not shown to the user. */
  async removeFiles(keys: string[]): Promise<void> {
    const results = await Promise.allSettled(keys.map((key) => this.deps.storage.delete(key)));
    for (const r of results) {
      if (r.status === 'rejected') this.deps.log?.warn({ err: r.reason }, 'could not remove a stored file');
    }
  }

  private listOf(em: EntityManager, carId: number): Promise<CarImageEntity[]> {
    return em.getRepository(CarImageEntity).find({
      where: { carId },
      order: { isPrimary: 'DESC', sortOrder: 'ASC', id: 'ASC' },
    });
  }
}

/** Follows the car's listing to its photos (syncListing); its placement since when that listed or unlisted it. */
async function listingChangeOf(em: EntityManager, carId: number): Promise<CarPlacement | null> {
  return (await syncListing(em, carId)) ? carPlacement(em, carId) : null;
}
