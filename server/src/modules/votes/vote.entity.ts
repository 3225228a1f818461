import { Column, Entity, Index, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { DateTimeColumn } from '../../db/columns';
import type { CarEntity } from '../cars/car.entity';

/**
 * One counted vote. The history behind the tallies: the leaderboard's rank movement ("rank 24 hours ago") reads
 * votes by time. The IP (and its block) is stored only as a keyed hash. A voided vote (voidId) is kept but counted
 * nowhere.
 */
@Entity('votes')
// voidId too: the ranking's 24-hour change counts a car's recent counted votes from the index alone.
@Index(['carId', 'createdAt', 'voidId'])
@Index(['createdAt'])
// When each address first voted (the fair-vote review's "first seen that day").
@Index(['ipHash', 'createdAt'])
@Index(['voidId'])
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

  /**
   * The keyed hash of the voter's address block (/24 for IPv4, /64 for IPv6), for the fair-vote review; null on
   * votes cast before blocks were recorded ("block unknown").
   */
  @Column({ type: 'varchar', length: 64, nullable: true })
  blockHash!: string | null;

  /** Cast from a meet card's QR code (card_votes holds the same vote for the statistics), and the event it named. */
  @Column({ type: 'boolean', default: false })
  viaCard!: boolean;

  @Column({ type: 'int', nullable: true })
  cardEventId!: number | null;

  /** The void (vote_voids) that keeps this vote out of the tallies; null while it counts. */
  @Column({ type: 'int', nullable: true })
  voidId!: number | null;

  /** Set by the votes service: the same instant decides the cooldown and the month tally. */
  @DateTimeColumn()
  createdAt!: Date;
}
