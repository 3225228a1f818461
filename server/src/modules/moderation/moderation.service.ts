import {
  EDITED_PARTS,
  type EditedPart,
  type FlagKind,
  MESSAGES,
  MODERATION_LIMITS,
  type ReportReason,
  type ReportReceived,
  type ReviewAction,
  type ReviewActionRecord,
  type ReviewQueueItem,
  type ReviewState,
  type reportInputSchema,
  type reviewActionInputSchema,
} from '@curbside/shared';
import type { DataSource, EntityManager } from 'typeorm';
import { In } from 'typeorm';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/errors';
import { runInTransaction } from '../../db/transaction';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import type { Log } from '../../lib/log';
import type { Mailer } from '../../lib/mailer';
import { lockUser, type Quota, quotaRefusal, recentCreations } from '../../lib/sliding-window';
import { UserEntity } from '../accounts/user.entity';
import { type Actor, lockCar } from '../cars/access';
import { CarEntity } from '../cars/car.entity';
import { CarImageEntity } from '../cars/car-image.entity';
import { syncListing } from '../cars/listing';
import type { ImagesService } from '../images/images.service';
import type { SettingsService } from '../settings/settings.service';
import type { SuspensionsService } from '../suspensions/suspensions.service';
import { ModerationActionEntity } from './moderation-action.entity';
import { ModerationFlagEntity } from './moderation-flag.entity';
import { ownerMail } from './owner-mail';

const M = MESSAGES.moderation;
const S = MESSAGES.server;

/** Reports one user may send: a quota over their own report rows (lib/sliding-window.ts). */
export const REPORTS_PER_HOUR: Quota = {
  limit: MODERATION_LIMITS.reportsPerHour,
  windowMs: MODERATION_LIMITS.reportWindowMs,
};

/** The states each action may start from. */
const ACTION_FROM: Record<ReviewAction, readonly ReviewState[]> = {
  dismiss: ['public', 'held'],
  hide: ['public', 'held'],
  removePhoto: ['public', 'held', 'hidden', 'pending'],
  approve: ['pending', 'held', 'hidden', 'rejected'],
  reject: ['pending'],
  suspendOwner: ['public', 'held', 'hidden', 'pending', 'rejected'],
};

/** The most items the queue shows at once (the most reported first). */
const QUEUE_MAX = 100;

type ReportInput = z.output<typeof reportInputSchema>;
type ActionInput = z.output<typeof reviewActionInputSchema>;

interface Deps {
  ds: DataSource;
  images: ImagesService;
  settings: SettingsService;
  suspensions: SuspensionsService;
  mailer: Mailer;
  publicUrl: string;
  siteName: string;
  log: Log;
  now?: () => Date;
}

/** The parts named by a car's open 'edit' flags (comma-separated each), once each, in the shared order. */
function editedParts(details: string[]): EditedPart[] {
  const named = new Set(details.flatMap((text) => text.split(',')));
  return EDITED_PARTS.filter((part) => named.has(part));
}

const carName = (car: Pick<CarEntity, 'year' | 'make' | 'model'>) => `${car.year} ${car.make} ${car.model}`;

/**
 * Trust and safety: users' reports of a car or a photo, the automatic hold when enough distinct users report a car,
 * the admin's queue and actions (each recorded and e-mailed to the owner, never naming a reporter), and the approval
 * of new cars. A car's review state is one input of its listing: every change here ends in syncListing
 * (cars/listing.ts), in the transaction that made it, holding the car's lock.
 */
export class ModerationService {
  constructor(private readonly deps: Deps) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /**
   * A signed-in user's report of a listed car, or of one of its photos. One open report per user per item (the unique
   * index refuses a second, also one sent at the same moment); REPORTS_PER_HOUR per user. When the car's distinct
   * reporters with open reports reach the threshold, it is held: unlisted until an admin decides.
   */
  async report(actor: Actor, input: ReportInput): Promise<ReportReceived> {
    const now = this.now();
    const { reportHoldThreshold } = await this.deps.settings.moderation();
    return runInTransaction(this.deps.ds, async (em) => {
      // The user first, then the car: the order every write that takes both locks keeps.
      await lockUser(em, actor.id);
      const recent = await recentCreations(em, ModerationFlagEntity, { reporterId: actor.id }, REPORTS_PER_HOUR, now);
      const refusal = quotaRefusal(REPORTS_PER_HOUR, recent, now, M.reportsThrottled);
      if (refusal) throw refusal;
      const car = await lockCar(em, input.carId);
      if (!car?.published) throw notFound(S.carNotFound);
      if (car.ownerId === actor.id) throw forbidden(M.ownCar);
      if (input.imageId !== undefined) {
        const image = await em.getRepository(CarImageEntity).findOneBy({ id: input.imageId });
        if (image?.carId !== car.id) throw notFound(M.photoNotOfCar);
      }
      const flags = em.getRepository(ModerationFlagEntity);
      let id: number;
      try {
        const inserted = await flags.insert({
          kind: 'report',
          carId: car.id,
          photoKey: input.imageId ?? 0,
          reporterId: actor.id,
          reason: input.reason,
          details: input.details ?? null,
          open: true,
          createdAt: now,
        });
        id = Number(inserted.identifiers[0]?.id);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(M.alreadyReported);
        throw error;
      }
      if (car.reviewState === 'public' && (await openReporters(em, car.id)) >= reportHoldThreshold) {
        await em.getRepository(CarEntity).update({ id: car.id }, { reviewState: 'held' });
        await syncListing(em, car.id);
      }
      return { id, createdAt: now.toISOString() };
    });
  }

  /**
   * The queue: every car or photo with open flags, grouped by item (the most distinct reporters first, then the
   * oldest), then the new cars waiting for approval (oldest first). At most QUEUE_MAX of each.
   */
  async queue(): Promise<ReviewQueueItem[]> {
    const em = this.deps.ds.manager;
    const groups: { carId: number | string; photoKey: number | string; reporters: number | string; since: unknown }[] =
      await em.query(
        `SELECT carId, photoKey, COUNT(DISTINCT reporterId) AS reporters, MIN(createdAt) AS since
         FROM moderation_flags WHERE open = 1 AND kind = 'report' GROUP BY carId, photoKey
         ORDER BY reporters DESC, since ASC LIMIT ${QUEUE_MAX}`,
      );
    const pending = await em.getRepository(CarEntity).find({
      where: { reviewState: 'pending' },
      order: { createdAt: 'ASC', id: 'ASC' },
      take: QUEUE_MAX,
    });
    const flaggedIds = [...new Set(groups.map((g) => Number(g.carId)))];
    const [flaggedCars, flagRows] = await Promise.all([
      flaggedIds.length ? em.getRepository(CarEntity).findBy({ id: In(flaggedIds) }) : [],
      flaggedIds.length
        ? em.getRepository(ModerationFlagEntity).find({
            where: { open: true, kind: 'report', carId: In(flaggedIds) },
            select: { carId: true, photoKey: true, kind: true, reason: true, details: true },
            order: { createdAt: 'ASC', id: 'ASC' },
            take: 20 * QUEUE_MAX,
          })
        : [],
    ]);
    // A pending car with open 'edit' flags was approved before: a member's edit sent it back (cars/edit-review.ts).
    const edits = pending.length
      ? await em.getRepository(ModerationFlagEntity).find({
          where: { open: true, kind: 'edit', carId: In(pending.map((car) => car.id)) },
          select: { carId: true, details: true, createdAt: true },
          order: { createdAt: 'ASC', id: 'ASC' },
        })
      : [];
    const cars = new Map([...flaggedCars, ...pending].map((car) => [car.id, car]));
    const photoIds = groups.map((g) => Number(g.photoKey)).filter((key) => key > 0);
    const photos = await this.photosOf(em, [...cars.keys()], photoIds);

    const items: ReviewQueueItem[] = [];
    for (const group of groups) {
      const car = cars.get(Number(group.carId));
      if (!car) continue; // deleted meanwhile (its flags go with it)
      const photoKey = Number(group.photoKey);
      const rows = flagRows.filter((row) => row.carId === car.id && row.photoKey === photoKey);
      const photo = photoKey > 0 ? photos.byId.get(photoKey) : undefined;
      items.push({
        key: photoKey > 0 ? `photo-${car.id}-${photoKey}` : `car-${car.id}`,
        kind: 'flags',
        car: this.queueCar(car, photos.previewOf.get(car.id)),
        photo: photo ? { id: photo.id, url: photo.url } : null,
        count: Number(group.reporters),
        reasons: countReasons(rows.map((row) => row.reason)),
        details: rows.flatMap((row) => (row.details ? [row.details] : [])),
        kinds: [...new Set(rows.map((row) => row.kind))] as FlagKind[],
        changed: [],
        since: toDate(group.since).toISOString(),
      });
    }
    for (const car of pending) {
      const carEdits = edits.filter((edit) => edit.carId === car.id);
      const firstEdit = carEdits[0];
      items.push({
        key: `${firstEdit ? 'edit' : 'new'}-${car.id}`,
        kind: firstEdit ? 'edit' : 'newCar',
        car: this.queueCar(car, photos.previewOf.get(car.id)),
        photo: null,
        count: 0,
        reasons: [],
        details: [],
        kinds: [],
        changed: editedParts(carEdits.map((edit) => edit.details ?? '')),
        since: (firstEdit?.createdAt ?? car.createdAt).toISOString(),
      });
    }
    return items;
  }

  /**
   * The cars an admin hid or rejected, the latest first (at most QUEUE_MAX): kept, so an admin can approve one and
   * make it public again.
   */
  async setAside(): Promise<ReviewQueueItem[]> {
    const em = this.deps.ds.manager;
    const cars = await em.getRepository(CarEntity).find({
      where: { reviewState: In(['hidden', 'rejected']) },
      order: { updatedAt: 'DESC', id: 'DESC' },
      take: QUEUE_MAX,
    });
    const photos = await this.photosOf(
      em,
      cars.map((car) => car.id),
      [],
    );
    return cars.map((car) => ({
      key: `aside-${car.id}`,
      kind: 'setAside',
      car: this.queueCar(car, photos.previewOf.get(car.id)),
      photo: null,
      count: 0,
      reasons: [],
      details: car.reviewNote ? [car.reviewNote] : [],
      kinds: [],
      changed: [],
      since: car.updatedAt.toISOString(),
    }));
  }

  private queueCar(car: CarEntity, previewUrl: string | undefined): ReviewQueueItem['car'] {
    return {
      id: car.id,
      slug: car.slug,
      name: carName(car),
      ownerName: car.ownerName,
      reviewState: car.reviewState,
      previewUrl: previewUrl ?? null,
    };
  }

  /** The named photos, and each car's preview (its primary photo's smallest copy). */
  private async photosOf(em: EntityManager, carIds: number[], photoIds: number[]) {
    const wanted = carIds.length
      ? await em.getRepository(CarImageEntity).find({
          where: [{ carId: In(carIds), isPrimary: true }, ...(photoIds.length ? [{ id: In(photoIds) }] : [])],
          select: { id: true, carId: true, url: true, variants: true, isPrimary: true },
        })
      : [];
    const small = (image: CarImageEntity) => image.variants?.w400 ?? image.url;
    return {
      byId: new Map(wanted.map((image) => [image.id, { id: image.id, url: small(image) }])),
      previewOf: new Map(wanted.filter((image) => image.isPrimary).map((image) => [image.carId, small(image)])),
    };
  }

  /**
   * An admin's action on a car (or one of its photos), with the note the owner is sent: dismiss the open reports
   * (the photo's only, with imageId), hide the car, remove the photo, approve (make public) or reject a new car, or
   * suspend the owner. The action is recorded with the flags it closed; the owner is e-mailed what was done and why,
   * never who reported.
   */
  async act(admin: Actor, input: ActionInput, log: Log = this.deps.log): Promise<ReviewActionRecord> {
    const { reportHoldThreshold } = await this.deps.settings.moderation();
    const now = this.now();
    if (input.action === 'suspendOwner') return this.suspendOwner(admin, input, reportHoldThreshold, now, log);
    const done = await runInTransaction(this.deps.ds, (em) => this.settle(em, admin, input, reportHoldThreshold, now));
    await this.deps.images.removeFiles(done.files);
    await this.mailOwner(done.car, input, done.before, log);
    return this.actionById(done.actionId);
  }

  /**
   * Suspends the car's owner through the suspensions domain (its rules: never an admin, never oneself; its record;
   * its e-mail with the note, the only one the owner gets) and, in the same transaction, records the action and
   * settles the item's open flags as a dismissal does. The owner's cars leave the public pages until it is lifted.
   */
  private async suspendOwner(
    admin: Actor,
    input: ActionInput,
    threshold: number,
    now: Date,
    log: Log,
  ): Promise<ReviewActionRecord> {
    const car = await this.deps.ds.getRepository(CarEntity).findOne({
      where: { id: input.carId },
      select: { id: true, ownerId: true },
    });
    if (!car) throw notFound(S.carNotFound);
    const ownerId = car.ownerId;
    if (ownerId == null) throw conflict(M.noOwnerToSuspend);
    const done = await this.deps.suspensions.suspendWith(
      admin.id,
      { id: ownerId, note: input.note },
      (em) => this.settle(em, admin, input, threshold, now, ownerId),
      log,
    );
    return this.actionById(done.actionId);
  }

  /**
   * The action's part in the caller's transaction: the car's lock, the check of its state (and, for `ownerId`, that
   * the car is still that user's), the record, the flags it closes, the car's next state and its listing.
   */
  private async settle(
    em: EntityManager,
    admin: Actor,
    input: ActionInput,
    threshold: number,
    now: Date,
    ownerId?: number,
  ) {
    const car = await lockCar(em, input.carId);
    if (!car) throw notFound(S.carNotFound);
    if (ownerId !== undefined && car.ownerId !== ownerId) throw conflict(M.noOwnerToSuspend);
    const before = car.reviewState;
    if (!ACTION_FROM[input.action].includes(before)) {
      throw conflict(M.actionNotForState(M.actionLabels[input.action], before));
    }
    const image = await this.actionPhoto(em, car.id, input);
    const recorded = await em.getRepository(ModerationActionEntity).insert({
      action: input.action,
      carId: car.id,
      carName: carName(car),
      imageId: image?.id ?? null,
      note: input.note,
      adminId: admin.id,
      createdAt: now,
    });
    const actionId = Number(recorded.identifiers[0]?.id);

    // Which open flags the action settles: the photo's (dismissing or removing one photo), else all of the car's.
    const settles = image ? { carId: car.id, photoKey: image.id } : { carId: car.id };
    await em
      .getRepository(ModerationFlagEntity)
      .update({ ...settles, open: true }, { open: null, actionId, closedAt: now });

    let files: string[] = [];
    if (input.action === 'removePhoto' && image) files = await this.deps.images.removeInTransaction(em, image);
    const after = await nextState(em, input, before, threshold);
    if (after !== before || input.action === 'reject' || input.action === 'approve') {
      await em
        .getRepository(CarEntity)
        .update({ id: car.id }, { reviewState: after, reviewNote: input.action === 'reject' ? input.note : null });
    }
    await syncListing(em, car.id);
    return { car, before, after, actionId, files };
  }

  private async actionPhoto(em: EntityManager, carId: number, input: ActionInput): Promise<CarImageEntity | null> {
    if (input.imageId === undefined) {
      if (input.action === 'removePhoto') throw badRequest(M.actionNeedsPhoto);
      return null;
    }
    const image = await em.getRepository(CarImageEntity).findOneBy({ id: input.imageId });
    if (image?.carId !== carId) throw notFound(M.photoNotOfCar);
    return image;
  }

  /** The owner's e-mail: what was done and the admin's note. A dismissal the owner never noticed sends none. */
  private async mailOwner(car: CarEntity, input: ActionInput, before: ReviewState, log: Log): Promise<void> {
    if (input.action === 'dismiss' && before !== 'held') return;
    if (input.action === 'suspendOwner') return; // the suspension's own e-mail carries the note
    if (car.ownerId == null) return;
    const owner = await this.deps.ds.getRepository(UserEntity).findOne({
      where: { id: car.ownerId },
      select: { id: true, email: true },
    });
    if (!owner) return;
    const message = ownerMail(input.action, {
      carName: carName(car),
      note: input.note,
      siteName: this.deps.siteName,
      link: `${this.deps.publicUrl}/cars/${car.slug}`,
    });
    await this.deps.mailer
      .send({ to: owner.email, ...message }, log)
      .catch((err) => log.error({ err }, 'moderation e-mail failed'));
  }

  /** The recorded actions, newest first, a page at a time (before the action with id `beforeId`). */
  async actions(beforeId?: number): Promise<ReviewActionRecord[]> {
    const qb = this.deps.ds
      .getRepository(ModerationActionEntity)
      .createQueryBuilder('a')
      .orderBy('a.id', 'DESC')
      .take(MODERATION_LIMITS.actionsPage);
    if (beforeId !== undefined) qb.where('a.id < :beforeId', { beforeId });
    return this.withAdminNames(await qb.getMany());
  }

  private async actionById(id: number): Promise<ReviewActionRecord> {
    const row = await this.deps.ds.getRepository(ModerationActionEntity).findOneByOrFail({ id });
    const [record] = await this.withAdminNames([row]);
    if (!record) throw new Error('recorded action not found');
    return record;
  }

  private async withAdminNames(rows: ModerationActionEntity[]): Promise<ReviewActionRecord[]> {
    const adminIds = [...new Set(rows.flatMap((row) => (row.adminId == null ? [] : [row.adminId])))];
    const admins = adminIds.length
      ? await this.deps.ds
          .getRepository(UserEntity)
          .find({ where: { id: In(adminIds) }, select: { id: true, name: true, username: true } })
      : [];
    const names = new Map(admins.map((user) => [user.id, user.name ?? user.username]));
    return rows.map((row) => ({
      id: row.id,
      action: row.action,
      carId: row.carId,
      carName: row.carName,
      imageId: row.imageId,
      note: row.note,
      adminName: row.adminId == null ? null : (names.get(row.adminId) ?? null),
      createdAt: row.createdAt.toISOString(),
    }));
  }
}

/** Distinct users with an open report on the car or any of its photos. */
async function openReporters(em: EntityManager, carId: number): Promise<number> {
  const [row] = await em.query(
    `SELECT COUNT(DISTINCT reporterId) AS n FROM moderation_flags WHERE carId = ? AND open = 1 AND kind = 'report'`,
    [carId],
  );
  return Number(row?.n ?? 0);
}

/**
 * The car's state after an action (its flags already settled): hidden, public (approved), rejected; after a dismissal,
 * a photo's removal or the owner's suspension a held car is public again once its remaining open reports are under
 * the threshold (a suspended owner's cars stay unlisted all the same, cars/listing.ts).
 */
async function nextState(
  em: EntityManager,
  input: ActionInput,
  before: ReviewState,
  threshold: number,
): Promise<ReviewState> {
  switch (input.action) {
    case 'hide':
      return 'hidden';
    case 'approve':
      return 'public';
    case 'reject':
      return 'rejected';
    default:
      if (before !== 'held') return before;
      return (await openReporters(em, input.carId)) >= threshold ? 'held' : 'public';
  }
}

function countReasons(reasons: ReportReason[]): { reason: ReportReason; count: number }[] {
  const counts = new Map<ReportReason, number>();
  for (const reason of reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  return [...counts].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count);
}

/** MIN(createdAt) comes back as a Date (MySQL) or as text in UTC (SQLite). */
function toDate(value: unknown): Date {
  if (value instanceof Date) return value;
  const text = String(value);
  return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(text) ? text : `${text.replace(' ', 'T')}Z`);
}
