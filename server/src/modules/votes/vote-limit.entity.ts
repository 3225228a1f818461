import { Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { DateTimeColumn } from '../../db/columns';
import type { CarEntity } from '../cars/car.entity';

/**
 * The last counted vote per (car, IP hash). "One vote per IP per car per 24 hours" is one conditional upsert on
 * this key (insert, or move lastVotedAt only when it is older than the cooldown), so concurrent votes count once.
 * Rows older than the cooldown carry no information and may be pruned (index on lastVotedAt).
 */
@Entity('vote_limits')
@Index(['lastVotedAt'])
export class VoteLimitEntity {
  @PrimaryColumn({ type: 'int' })
  carId!: number;

  @PrimaryColumn({ type: 'varchar', length: 64 })
  ipHash!: string;

  // The car by its entity name: votes' entities do not load cars/ at run time, so the modules make no cycle.
  @ManyToOne('CarEntity', { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'carId' })
  car!: Relation<CarEntity>;

  @DateTimeColumn()
  lastVotedAt!: Date;
}
