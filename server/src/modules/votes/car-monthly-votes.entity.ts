import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import type { CarEntity } from '../cars/car.entity';

/**
 * Votes per car per calendar month (US Central), incremented in the vote's transaction, so the monthly leaderboard and a
 * car's lastMonthVotes are indexed reads. The car's listing is kept beside the tally (`listed`), so the index
 * (month, listed, votes desc, carId) answers "top N listed cars this month" alone: N index entries, no car row.
 */
@Entity('car_monthly_votes')
@Index('IDX_car_monthly_votes_ranking', ['month', 'listed', 'votes', 'carId'])
export class CarMonthlyVotesEntity {
  @PrimaryColumn({ type: 'int' })
  carId!: number;

  /** 'YYYY-MM', the Central month (centralMonthKey). */
  @PrimaryColumn({ type: 'varchar', length: 7 })
  month!: string;

  // The car by its entity name: votes' entities do not load cars/ at run time, so the modules make no cycle.
  @ManyToOne('CarEntity', { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'carId' })
  car!: Relation<CarEntity>;

  @Column({ type: 'int', default: 0 })
  votes!: number;

  /** The car's `published`, copied by the vote that makes the row and by syncListing when the listing changes. */
  @Column({ type: 'boolean', default: true })
  listed!: boolean;
}
