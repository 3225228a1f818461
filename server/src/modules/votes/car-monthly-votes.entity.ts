import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import type { CarEntity } from '../cars/car.entity';

/**
 * Votes per car per calendar month (US Central), incremented in the vote's transaction, so the monthly leaderboard and a
 * car's lastMonthVotes are indexed reads: (month, votes) serves "top N this month".
 */
@Entity('car_monthly_votes')
@Index(['month', 'votes'])
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
}
