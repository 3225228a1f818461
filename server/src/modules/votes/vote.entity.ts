import { Column, Entity, Index, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { DateTimeColumn } from '../../db/columns';
import type { CarEntity } from '../cars/car.entity';

/**
 * One counted vote. The history behind the tallies: the leaderboard's rank movement ("rank 24 hours ago") reads
 * votes by time. The IP is stored only as a keyed hash.
 */
@Entity('votes')
@Index(['carId', 'createdAt'])
@Index(['createdAt'])
export class VoteEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id!: number;

  // The car by its entity name: votes' entities do not load cars/ at run time, so the modules make no cycle.
  @ManyToOne('CarEntity', { nullable: false, onDelete: 'CASCADE' })
  car!: Relation<CarEntity>;

  @Column({ type: 'int' })
  carId!: number;

  @Column({ type: 'varchar', length: 64 })
  ipHash!: string;

  /** Set by the votes service: the same instant decides the cooldown and the month tally. */
  @DateTimeColumn()
  createdAt!: Date;
}
