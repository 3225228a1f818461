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

/** One place (1 to 10) of a closed month's final ranking, with the car's votes in that month. */
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

  /** A deleted car leaves the Hall of Fame with its page and photos (docs/decisions.md). */
  @ManyToOne(() => CarEntity, { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'carId' })
  car!: Relation<CarEntity>;

  @Column({ type: 'int' })
  carId!: number;

  @Column({ type: 'int' })
  votes!: number;
}
