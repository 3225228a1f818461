import { MESSAGES, type Page, type PhotoMatch, type PhotoMatchListQuery, type PhotoMatchPhoto } from '@curbside/shared';
import { type DataSource, type EntityManager, In, IsNull, MoreThan } from 'typeorm';
import { keysetPage } from '../../db/keyset';
import { runInTransaction } from '../../db/transaction';
import { notFound } from '../../errors';
import type { ImageQueue } from '../../lib/image-queue';
import type { Log } from '../../lib/log';
import { streamToBuffer } from '../../lib/rendition';
import type { Storage } from '../../lib/storage';
import { UserEntity } from '../accounts/user.entity';
import { CarEntity } from '../cars/car.entity';
import { CarImageEntity } from '../cars/car-image.entity';
import { bandProbes, hashBands, hashDistance, isFeatureless, PHOTO_MATCH_DISTANCE, perceptualHash } from './dhash';
import { PhotoMatchEntity } from './photo-match.entity';

/** At most this many flags for one photo (the nearest): a picture copied a hundred times needs one look, not 100. */
const FLAGS_PER_PHOTO = 10;
/** At most this many near photos are read to choose them from (bounds the work for a picture posted everywhere). */
const NEAR_PHOTOS_READ = 200;
/** Photos the start-up backfill reads per query. */
const BACKFILL_BATCH = 50;

/** The columns that store `hash` on a car_images row. */
export function hashColumns(
  hash: string,
): Pick<CarImageEntity, 'perceptualHash' | 'hashBand0' | 'hashBand1' | 'hashBand2' | 'hashBand3'> {
  const [hashBand0 = 0, hashBand1 = 0, hashBand2 = 0, hashBand3 = 0] = hashBands(hash);
  return { perceptualHash: hash, hashBand0, hashBand1, hashBand2, hashBand3 };
}

interface Near {
  id: number;
  distance: number;
}

/**
 * Copied-photo detection. Every car photo carries a perceptual hash (dhash.ts); a photo within PHOTO_MATCH_DISTANCE
 * bits of another user's photo is flagged for the admin ("may be someone else's photo"). Near hashes are found by
 * multi-index hashing: four indexed 16-bit bands, each looked up with its value and its 16 one-bit neighbours, so a
 * lookup reads some 68 × N / 65,536 index entries (about 100 at 100,000 photos), never every hash
 * (docs/performance.md, "Copied photos").
 */
export class PhotoMatchesService {
  constructor(private readonly deps: { ds: DataSource; storage: Storage; imageQueue: ImageQueue; log?: Log }) {}

  /** The other photos whose hash lies within PHOTO_MATCH_DISTANCE of `hash`, nearest first (featureless ones aside). */
  async nearPhotos(em: EntityManager, hash: string, exceptId: number): Promise<Near[]> {
    const found = new Map<number, number>();
    if (isFeatureless(hash)) return [];
    // One statement, a SELECT per band (each an exact lookup in its own index), so one round trip to the database.
    const q = (name: string) => em.connection.driver.escape(name);
    const bands = hashBands(hash);
    const selects = bands.map((band, i) => {
      const probes = bandProbes(band);
      return {
        sql: `SELECT ${q('id')} AS id, ${q('perceptualHash')} AS hash FROM ${q('car_images')} WHERE ${q(`hashBand${i}`)} IN (${probes.map(() => '?').join(', ')})`,
        params: probes,
      };
    });
    const rows: { id: number | string; hash: string }[] = await em.query(
      selects.map((s) => s.sql).join(' UNION ALL '),
      selects.flatMap((s) => s.params),
    );
    for (const row of rows) {
      const id = Number(row.id);
      if (id === exceptId || found.has(id) || isFeatureless(row.hash)) continue;
      const distance = hashDistance(hash, row.hash);
      if (distance <= PHOTO_MATCH_DISTANCE) found.set(id, distance);
    }
    return [...found]
      .map(([id, distance]) => ({ id, distance }))
      .sort((a, b) => a.distance - b.distance || a.id - b.id);
  }

  /**
   * Flags photo `imageId` (its hash already stored) against every near photo of another user, inside `em` (an
   * upload's transaction, or the backfill's). Of each pair the later photo is the one flagged, unless it is an
   * official photo (uploaded by an admin onto someone's car). Photos of one owner never flag each other, nor do two
   * photos of the site's own cars; a picture without detail (isFeatureless) is never compared. Returns how many
   * flags were added.
   */
  async flagCopies(em: EntityManager, imageId: number, hash: string): Promise<number> {
    const near = (await this.nearPhotos(em, hash, imageId)).slice(0, NEAR_PHOTOS_READ);
    if (near.length === 0) return 0;
    const rows: { id: number | string; official: unknown; ownerId: number | string | null }[] = await em
      .getRepository(CarImageEntity)
      .createQueryBuilder('i')
      .innerJoin(CarEntity, 'c', 'c.id = i.carId')
      .select('i.id', 'id')
      .addSelect('i.isAdminUploaded', 'official')
      .addSelect('c.ownerId', 'ownerId')
      .where('i.id IN (:...ids)', { ids: [imageId, ...near.map((n) => n.id)] })
      .getRawMany();
    const photos = new Map(
      rows.map((r) => [
        Number(r.id),
        { official: Boolean(Number(r.official)), ownerId: r.ownerId === null ? null : Number(r.ownerId) },
      ]),
    );
    const subject = photos.get(imageId);
    if (!subject) return 0;
    const flags: Pick<PhotoMatchEntity, 'imageId' | 'matchedImageId' | 'distance'>[] = [];
    for (const { id, distance } of near) {
      const other = photos.get(id);
      if (!other || subject.ownerId === other.ownerId) continue;
      const [later, earlier, laterPhoto] = id > imageId ? [id, imageId, other] : [imageId, id, subject];
      if (!laterPhoto.official) flags.push({ imageId: later, matchedImageId: earlier, distance });
      if (flags.length === FLAGS_PER_PHOTO) break;
    }
    if (flags.length === 0) return 0;
    // A pair flagged already (by another server's backfill, say) stays as it was.
    await em.createQueryBuilder().insert().into(PhotoMatchEntity).values(flags).orIgnore().execute();
    return flags.length;
  }

  /**
   * Hashes the photos stored before hashing existed (perceptualHash null), oldest first, a batch at a time, each in
   * its turn in the image queue, and flags copies among them as an upload would. Run in the background at start-up;
   * every server may run it (a photo hashed twice gets the same hash, a pair flagged twice one flag). A photo whose
   * file is missing or unreadable is passed over (and tried again at the next start). Stops when `signal` aborts.
   * A call while a run is going joins that run (and its signal).
   */
  backfill(signal?: AbortSignal): Promise<{ hashed: number; skipped: number }> {
    this.running ??= this.hashStoredPhotos(signal).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private running: Promise<{ hashed: number; skipped: number }> | null = null;

  private async hashStoredPhotos(signal?: AbortSignal): Promise<{ hashed: number; skipped: number }> {
    const { ds, storage, imageQueue, log } = this.deps;
    let hashed = 0;
    let skipped = 0;
    let after = 0;
    while (!signal?.aborted) {
      const batch = await ds.getRepository(CarImageEntity).find({
        select: { id: true, storageKey: true },
        // hashBand0 is null exactly when the hash is: the index (hashBand0, perceptualHash, id) gives those rows in id
        // order without reading the table, so a start after the backfill is done costs one index lookup.
        where: { hashBand0: IsNull(), perceptualHash: IsNull(), id: MoreThan(after) },
        order: { id: 'ASC' },
        take: BACKFILL_BATCH,
      });
      if (batch.length === 0) break;
      for (const { id, storageKey } of batch) {
        if (signal?.aborted) break;
        after = id;
        try {
          const stored = await storage.get(storageKey);
          if (!stored) {
            skipped++;
            continue;
          }
          const bytes = await streamToBuffer(stored.body);
          const hash = await imageQueue.run(() => perceptualHash(bytes));
          await runInTransaction(ds, async (em) => {
            await em.getRepository(CarImageEntity).update({ id }, hashColumns(hash));
            await this.flagCopies(em, id, hash);
          });
          hashed++;
        } catch (err) {
          skipped++;
          log?.warn({ err, imageId: id }, 'could not hash a car photo');
        }
      }
    }
    if (hashed + skipped > 0) log?.info({ hashed, skipped }, 'car photos hashed for copied-photo detection');
    return { hashed, skipped };
  }

  /** GET /api/admin/photo-matches: a page of open (or dismissed) flags with both photos, newest first. */
  async list(query: PhotoMatchListQuery): Promise<Page<PhotoMatch>> {
    const qb = this.deps.ds
      .getRepository(PhotoMatchEntity)
      .createQueryBuilder('m')
      .where(query.status === 'open' ? 'm.dismissedAt IS NULL' : 'm.dismissedAt IS NOT NULL');
    const page = await keysetPage(qb, { limit: query.limit, cursor: query.cursor });
    return { items: await this.toDtos(this.deps.ds.manager, page.items), nextCursor: page.nextCursor };
  }

  /** POST /api/admin/photo-matches/{id}/dismiss: the pair is fine; the flag leaves the open list (idempotent). */
  async dismiss(id: number, adminId: number): Promise<PhotoMatch> {
    return runInTransaction(this.deps.ds, async (em) => {
      const repo = em.getRepository(PhotoMatchEntity);
      await repo.update({ id, dismissedAt: IsNull() }, { dismissedAt: new Date(), dismissedById: adminId });
      const match = await repo.findOneBy({ id });
      if (!match) throw notFound(MESSAGES.photoMatches.notFound);
      const [dto] = await this.toDtos(em, [match]);
      if (!dto) throw notFound(MESSAGES.photoMatches.notFound);
      return dto;
    });
  }

  private async toDtos(em: EntityManager, matches: PhotoMatchEntity[]): Promise<PhotoMatch[]> {
    if (matches.length === 0) return [];
    const imageIds = [...new Set(matches.flatMap((m) => [m.imageId, m.matchedImageId]))];
    const images = await em.getRepository(CarImageEntity).findBy({ id: In(imageIds) });
    const cars = await em.getRepository(CarEntity).findBy({ id: In([...new Set(images.map((i) => i.carId))]) });
    const ownerIds = [...new Set(cars.flatMap((c) => (c.ownerId === null ? [] : [c.ownerId])))];
    const owners = ownerIds.length
      ? await em.getRepository(UserEntity).find({
          select: { id: true, username: true, name: true },
          where: { id: In(ownerIds) },
        })
      : [];
    const imageById = new Map(images.map((i) => [i.id, i]));
    const carById = new Map(cars.map((c) => [c.id, c]));
    const ownerById = new Map(owners.map((o) => [o.id, o]));
    const photo = (imageId: number): PhotoMatchPhoto | null => {
      const image = imageById.get(imageId);
      const car = image && carById.get(image.carId);
      if (!image || !car) return null;
      const owner = car.ownerId === null ? undefined : ownerById.get(car.ownerId);
      return {
        imageId,
        url: image.variants?.w800 ?? image.url,
        uploadedAt: image.createdAt.toISOString(),
        car: { id: car.id, slug: car.slug, title: `${car.year} ${car.make} ${car.model}` },
        owner: owner ? { id: owner.id, username: owner.username, name: owner.name } : null,
      };
    };
    return matches.flatMap((m) => {
      const [later, earlier] = [photo(m.imageId), photo(m.matchedImageId)];
      if (!later || !earlier) return [];
      return [
        {
          id: m.id,
          distance: m.distance,
          createdAt: m.createdAt.toISOString(),
          dismissedAt: m.dismissedAt?.toISOString() ?? null,
          photo: later,
          matched: earlier,
        },
      ];
    });
  }
}
