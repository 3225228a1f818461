import { type CarCategory, centralMonthKey } from '@curbside/shared';
import type { EntityManager } from 'typeorm';
import { CarMonthlyVotesEntity } from '../votes/car-monthly-votes.entity';
import { CarEntity } from './car.entity';

/**
 * What the site's lists, rankings and counters pick a car by: which lists of cars it is in (listed, featured,
 * category), which rankings it may reach (its tallies) and what it counts for (site counters). A write that changes
 * one of them reports it (the car's placement before and after), so the procedure can drop exactly the cached
 * responses it moves the car into or out of (cache-policies.ts).
 */
export interface CarPlacement {
  id: number;
  /** Its address (responses asked for by slug carry it). */
  slug: string;
  listed: boolean;
  featured: boolean;
  category: CarCategory | null;
  totalVotes: number;
  /** This Central month's votes. */
  monthVotes: number;
}

/** The placement of `car` as stored (its monthly tally read by primary key), or of the car `carId`; null: no car. */
export async function carPlacement(
  em: EntityManager,
  car: number | CarEntity,
  now: Date = new Date(),
): Promise<CarPlacement | null> {
  const row = typeof car === 'number' ? await em.getRepository(CarEntity).findOneBy({ id: car }) : car;
  if (!row) return null;
  const tally = await em
    .getRepository(CarMonthlyVotesEntity)
    .findOne({ where: { carId: row.id, month: centralMonthKey(now) }, select: { votes: true } });
  return {
    id: row.id,
    slug: row.slug,
    listed: row.published,
    featured: row.featured,
    category: row.category,
    totalVotes: row.totalVotes,
    monthVotes: tally?.votes ?? 0,
  };
}
