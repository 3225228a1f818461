import { Column, Entity, Index, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { DateTimeColumn } from '../../db/columns';
import type { CarEntity } from '../cars/car.entity';

/**
 * A counted vote cast from a car page opened by a meet card's QR code, written in the vote's transaction.
 * A table of its own, not columns on votes: a plain vote writes nothing more, and the admin statistics read only these
 * rows. eventId is the event the admin chose when printing the card, running when the vote was cast (votes.service.ts);
 * it has no foreign key, so deleting the event keeps its votes: the statistics count them under no event.
 */
@Entity('card_votes')
@Index(['eventId'])
export class CardVoteEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id!: number;

  // The car by its entity name: votes' entities do not load cars/ at run time, so the modules make no cycle.
  @ManyToOne('CarEntity', { nullable: false, onDelete: 'CASCADE' })
  car!: Relation<CarEntity>;

  @Column({ type: 'int' })
  carId!: number;

  @Column({ type: 'int', nullable: true })
  eventId!: number | null;

  /** The vote's instant (the same as its votes row). */
  @DateTimeColumn()
  createdAt!: Date;
}
