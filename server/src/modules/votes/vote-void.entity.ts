import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn } from '../../db/columns';

/**
 * One fair-vote void (issue 41 part 7): an admin took a car's votes from some address blocks in a time window out of
 * the tallies. The votes stay (votes.voidId names this row); restoring puts them back and fills the restore columns.
 * Names are copied, so the record outlives the car and the admin's account; carId has no foreign key for that reason.
 */
@Entity('vote_voids')
@Index(['createdAt'])
export class VoteVoidEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id!: number;

  @Column({ type: 'int' })
  carId!: number;

  @Column({ type: 'varchar', length: 200 })
  carName!: string;

  /** The block hashes named. */
  @Column({ type: 'simple-json' })
  blocks!: string[];

  @DateTimeColumn()
  fromAt!: Date;

  @DateTimeColumn()
  toAt!: Date;

  /** How many votes the void took out of the tallies. */
  @Column({ type: 'int' })
  votes!: number;

  @Column({ type: 'varchar', length: 500 })
  note!: string;

  @Column({ type: 'int', nullable: true })
  voidedById!: number | null;

  @Column({ type: 'varchar', length: 100 })
  voidedByName!: string;

  @DateTimeColumn()
  createdAt!: Date;

  @Column({ type: 'int', nullable: true })
  restoredById!: number | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  restoredByName!: string | null;

  @DateTimeColumn({ nullable: true })
  restoredAt!: Date | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  restoreNote!: string | null;
}
