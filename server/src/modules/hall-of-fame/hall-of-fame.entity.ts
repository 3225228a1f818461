import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { DateTimeColumn } from '../../db/columns';
import { CarEntity } from '../cars/car.entity';

/**
 * A closed month: written once, by the first read after the month ended, in the transaction that writes its places.
 * The primary key is what makes it once: a second app server closing the same month at the same moment fails on it,
 * rolls back, and reads what the first wrote.
 */
@Entity('hall_of_fame_months')
export class HallOfFameMonthEntity {
  /** 'YYYY-MM', the Central month (centralMonthKey). */
  @PrimaryColumn({ type: 'varchar', length: 7 })
  month!: string;

  @DateTimeColumn()
  closedAt!: Date;
}

/**
 * One place (1 to 10) of a closed month's final ranking, with the car's votes in that month and what the page names
 * it by, as it was when the month closed: the place outlives the car (deleted, or unlisted), so a closed month's
 * order never changes.
 */
@Entity('hall_of_fame_places')
@Index(['carId'])
export class HallOfFamePlaceEntity {
  @PrimaryColumn({ type: 'varchar', length: 7 })
  month!: string;

  @PrimaryColumn({ type: 'int' })
  rank!: number;

  @ManyToOne(() => HallOfFameMonthEntity, { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'month' })
  closedMonth!: Relation<HallOfFameMonthEntity>;

  /** Null once the car is deleted: the place stays, shown as removed (docs/decisions.md). */
  @ManyToOne(() => CarEntity, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'carId' })
  car!: Relation<CarEntity> | null;

  @Column({ type: 'int', nullable: true })
  carId!: number | null;

  /** '1999 Nissan Skyline': the car's year, make and model when the month closed. */
  @Column({ type: 'varchar', length: 200 })
  name!: string;

  /** The car's owner name when the month closed. */
  @Column({ type: 'varchar', length: 100 })
  ownerName!: string;

  @Column({ type: 'int' })
  votes!: number;
}
