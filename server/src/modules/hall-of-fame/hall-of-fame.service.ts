import {
  addMonths,
  type Car,
  type CarHonours,
  centralMonthKey,
  centralMonthStart,
  HALL_OF_FAME_PLACES,
  type HallOfFameMonth,
  type HallOfFamePlace,
  type HallOfFameWinners,
  MESSAGES,
  monthLabel,
  nextCentralMonthStart,
} from '@curbside/shared';
import { type DataSource, In } from 'typeorm';
import { isUniqueViolation } from '../../db/errors';
import { readSqlDate, sqlDateParam } from '../../db/sql-dates';
import { runInTransaction } from '../../db/transaction';
import { DomainError } from '../../errors';
import { CarEntity } from '../cars/car.entity';
import { type CarViewer, loadCarDtos } from '../cars/car-dto';
import { LISTED } from '../cars/cars.service';
import { HallOfFameMonthEntity, HallOfFamePlaceEntity } from './hall-of-fame.entity';

/**
 * A month closes this long after it ends: a vote counted at 23:59:59.9 may still be committing at midnight, and it
 * belongs to the month it was cast in.
 */
export const CLOSE_GRACE_MS = 5 * 60_000;

/**
 * The Hall of Fame: every closed month's final top 10. There is no scheduler: each read first closes the months that
 * ended since the last one closed (usually none: a check in memory), so the first read after a month ends writes its
 * ranking, exactly once across app servers (hall-of-fame.entity.ts), computed from the vote rows of that month, not
 * from the running tallies (votes voided by the fair-vote review do not count, as they do not in the tallies). A closed
 * month's rows are never written again, so a late or replayed vote cannot change it, nor can a void
 * (FairVotesService refuses windows in closed months).
 */
export class HallOfFameService {
  /** The latest month known to be closed, so most reads skip the database check. */
  private closedThrough: string | null = null;

  constructor(private readonly ds: DataSource) {}

  /** GET /api/hall-of-fame: every closed month with votes, newest first, with its winner. */
  async winners(viewer: CarViewer, now = new Date()): Promise<HallOfFameWinners> {
    await this.closeFinishedMonths(now);
    const places = await this.ds
      .getRepository(HallOfFamePlaceEntity)
      .find({ where: { rank: 1 }, order: { month: 'DESC' } });
    const cars = await this.carsById(places, viewer);
    return places.map((place) => ({
      month: place.month,
      label: monthLabel(place.month),
      winner: placeDto(place, cars),
    }));
  }

  /** GET /api/hall-of-fame/{month}: a closed month's final ranking; 404 for a month not closed or without votes. */
  async month(month: string, viewer: CarViewer, now = new Date()): Promise<HallOfFameMonth> {
    await this.closeFinishedMonths(now);
    const places = await this.ds
      .getRepository(HallOfFamePlaceEntity)
      .find({ where: { month }, order: { rank: 'ASC' } });
    if (places.length === 0) throw new DomainError('NOT_FOUND', MESSAGES.hallOfFame.monthNotClosed);
    const cars = await this.carsById(places, viewer);
    return {
      month,
      label: monthLabel(month),
      places: places.map((place) => placeDto(place, cars)),
    };
  }

  /** GET /api/cars/{slug}/honours: 404 'Car not found' for an unknown slug. */
  async honoursOf(slug: string, now = new Date()): Promise<CarHonours> {
    const car = await this.ds.getRepository(CarEntity).findOne({ where: { slug, ...LISTED }, select: { id: true } });
    if (!car) throw new DomainError('NOT_FOUND', MESSAGES.server.carNotFound);
    return this.honours(car.id, now);
  }

  /** The closed months a car placed in, newest first. */
  async honours(carId: number, now = new Date()): Promise<CarHonours> {
    await this.closeFinishedMonths(now);
    const places = await this.ds
      .getRepository(HallOfFamePlaceEntity)
      .find({ where: { carId }, order: { month: 'DESC' } });
    return places.map((p) => ({ month: p.month, label: monthLabel(p.month), rank: p.rank, votes: p.votes }));
  }

  /** Closes every month that ended (plus the grace) and is not closed yet, oldest first. */
  async closeFinishedMonths(now = new Date()): Promise<void> {
    const lastClosable = addMonths(centralMonthKey(new Date(now.getTime() - CLOSE_GRACE_MS)), -1);
    if (this.closedThrough !== null && this.closedThrough >= lastClosable) return;
    const closed = new Set(
      (await this.ds.getRepository(HallOfFameMonthEntity).find({ select: { month: true } })).map((m) => m.month),
    );
    const firstVote = await this.firstVoteMonth();
    if (firstVote !== null) {
      for (let month = firstVote; month <= lastClosable; month = addMonths(month, 1)) {
        if (!closed.has(month)) await this.close(month, now);
      }
    }
    this.closedThrough = lastClosable;
  }

  private async firstVoteMonth(): Promise<string | null> {
    const [row] = await this.ds.query('SELECT MIN(createdAt) AS first FROM votes');
    return row?.first ? centralMonthKey(readSqlDate(row.first)) : null;
  }

  /**
   * Writes a month's final ranking from its vote rows (votes desc, then the older car first, as the leaderboard
   * ranks). The month row goes first: when another server closes the same month at the same time, one of the two
   * inserts fails on the primary key, that transaction rolls back, and its reader finds the other's rows.
   */
  private async close(month: string, now: Date): Promise<void> {
    try {
      await runInTransaction(this.ds, async (em) => {
        await em.getRepository(HallOfFameMonthEntity).insert({ month, closedAt: now });
        const rows: { carId: number | string; votes: number | string }[] = await em.query(
          `SELECT carId AS carId, COUNT(*) AS votes FROM votes WHERE createdAt >= ? AND createdAt < ?
           AND voidId IS NULL GROUP BY carId ORDER BY votes DESC, carId ASC LIMIT ${HALL_OF_FAME_PLACES}`,
          [sqlDateParam(this.ds, centralMonthStart(month)), sqlDateParam(this.ds, nextCentralMonthStart(month))],
        );
        if (rows.length === 0) return;
        // What the page names each place by, kept as it is now: the place outlives the car.
        const cars = await em.getRepository(CarEntity).find({
          where: { id: In(rows.map((row) => Number(row.carId))) },
          select: { id: true, year: true, make: true, model: true, ownerName: true },
        });
        const named = new Map(cars.map((car) => [car.id, car]));
        await em.getRepository(HallOfFamePlaceEntity).insert(
          rows.map((row, index) => {
            const car = named.get(Number(row.carId));
            return {
              month,
              rank: index + 1,
              carId: Number(row.carId),
              votes: Number(row.votes),
              name: car ? `${car.year} ${car.make} ${car.model}` : '',
              ownerName: car?.ownerName ?? '',
            };
          }),
        );
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }

  private async carsById(places: HallOfFamePlaceEntity[], viewer: CarViewer): Promise<Map<number, Car>> {
    const ids = places.flatMap((place) => (place.carId === null ? [] : [place.carId]));
    if (ids.length === 0) return new Map();
    // Only listed cars, as everywhere a visitor looks (a car without a photo is not public).
    const entities = await this.ds.getRepository(CarEntity).findBy({ id: In(ids), ...LISTED });
    return new Map((await loadCarDtos(this.ds.manager, entities, viewer)).map((car) => [car.id, car]));
  }
}

/** A place as the page shows it: as stored at closing, with the car as it is now if it is still listed. */
function placeDto(place: HallOfFamePlaceEntity, cars: Map<number, Car>): HallOfFamePlace {
  const car = place.carId === null ? null : (cars.get(place.carId) ?? null);
  return { rank: place.rank, votes: place.votes, name: place.name, ownerName: place.ownerName, car };
}
