import { SUSPENSION_MESSAGES as S } from '@curbside/shared';
import type { EntityManager } from 'typeorm';
import { conflict, notFound } from '../../errors';
import { lockUser } from '../../lib/sliding-window';
import { UserEntity } from '../accounts/user.entity';
import { CarEntity } from '../cars/car.entity';
import { syncListing } from '../cars/listing';
import { SuspensionRecordEntity } from './suspension-record.entity';

// Suspending and lifting, as steps of the caller's transaction, for any code that acts on an account (the admin's
// Users tab here; a moderation action may call them too). Both lock the user's row, change it, record who did it and
// why, and re-sync the listing of every car of the account (cars/listing.ts): a suspended owner's cars leave the
// public pages, a lift brings them back, and their votes are never touched. The caller's write must drop the cached
// responses ('everything': lists, rankings, counters and the sitemap all change) and mail the user
// (SuspensionsService does both for the admin's procedures).

export interface SuspensionChange {
  userId: number;
  /** The admin acting; never the account itself. */
  byAdminId: number;
  /** Why: required to suspend, optional to lift; mailed to the user. */
  note: string | null;
}

/** What a suspension or lift changed: the account as it is now, and whether any car's listing moved. */
export interface SuspensionResult {
  user: UserEntity;
  listingChanged: boolean;
}

/**
 * Suspends the account: refused for an unknown user (404), the acting admin's own account, an admin's account
 * (docs/decisions.md: an admin is suspended only once demoted) and one already suspended (409). Ends every session
 * (the session generation moves on, so even after a lift the old cookies stay signed out).
 */
export async function suspendUser(em: EntityManager, change: SuspensionChange): Promise<SuspensionResult> {
  const user = await lockedUser(em, change.userId);
  if (user.id === change.byAdminId) throw conflict(S.cannotSuspendSelf);
  if (user.role === 'admin') throw conflict(S.cannotSuspendAdmin);
  if (user.suspendedAt) throw conflict(S.alreadySuspended);
  const suspendedAt = new Date();
  await em.update(UserEntity, { id: user.id }, { suspendedAt, sessionGeneration: user.sessionGeneration + 1 });
  return record(em, { ...user, suspendedAt, sessionGeneration: user.sessionGeneration + 1 }, 'suspended', change);
}

/** Lifts the account's suspension (409 when it is not suspended): it may sign in again and its cars are listed. */
export async function liftSuspension(em: EntityManager, change: SuspensionChange): Promise<SuspensionResult> {
  const user = await lockedUser(em, change.userId);
  if (!user.suspendedAt) throw conflict(S.notSuspended);
  await em.update(UserEntity, { id: user.id }, { suspendedAt: null });
  return record(em, { ...user, suspendedAt: null }, 'lifted', change);
}

/** The user's row, locked until the transaction ends (two admins acting at once take turns), or 404. */
async function lockedUser(em: EntityManager, userId: number): Promise<UserEntity> {
  await lockUser(em, userId);
  const user = await em.findOneBy(UserEntity, { id: userId });
  if (!user) throw notFound(S.userNotFound);
  return user;
}

async function record(
  em: EntityManager,
  user: UserEntity,
  action: SuspensionRecordEntity['action'],
  change: SuspensionChange,
): Promise<SuspensionResult> {
  await em.insert(SuspensionRecordEntity, { userId: user.id, action, note: change.note, byAdminId: change.byAdminId });
  const cars = await em.find(CarEntity, { where: { ownerId: user.id }, select: { id: true } });
  let listingChanged = false;
  for (const car of cars) listingChanged = (await syncListing(em, car.id)) || listingChanged;
  return { user: Object.assign(new UserEntity(), user), listingChanged };
}
