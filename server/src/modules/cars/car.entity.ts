import type { AdditionalSpecs, CarCategory, ReviewState } from '@curbside/shared';
import { Column, Entity, Index, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { CreatedAtColumn, UpdatedAtColumn } from '../../db/columns';
import { UserEntity } from '../accounts/user.entity';

/** The free-form specifications of a car (spec: engine, horsepower, transmission, drivetrain, modified, …). */
export type CarSpecs = AdditionalSpecs;

/**
 * A showcased car. totalVotes is a counter kept in the same transaction as each vote, so lists and the all-time
 * leaderboard read it from this row; the monthly tally lives in car_monthly_votes.
 */
@Entity('cars')
// The gallery's keyset pages (db/keyset.ts): each filter's equalities, then createdAt (the primary key follows by
// itself), so a page's ids are read from the index alone, from the cursor on.
@Index(['published', 'createdAt'])
@Index(['published', 'featured', 'createdAt'])
@Index(['published', 'category', 'createdAt'])
@Index(['featured', 'createdAt'])
@Index(['category', 'createdAt'])
@Index(['createdAt'])
/** The all-time leaderboard: listed cars by votes desc, then the older car (the migration makes totalVotes descending). */
@Index('IDX_cars_ranking', ['published', 'totalVotes', 'id'])
/** The review queue's cars waiting for approval, oldest first. */
@Index(['reviewState', 'createdAt'])
export class CarEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id!: number;

  @Column({ type: 'varchar', length: 160, unique: true })
  slug!: string;

  @Column({ type: 'varchar', length: 60 })
  make!: string;

  @Column({ type: 'varchar', length: 80 })
  model!: string;

  @Column({ type: 'int' })
  year!: number;

  /** One of the car categories in shared (JDM, Euro, …); null shows as Other/Uncategorized. */
  @Column({ type: 'varchar', length: 20, nullable: true })
  category!: CarCategory | null;

  @Column({ type: 'text', nullable: true })
  story!: string | null;

  /** The overview text of the Specifications tab. */
  @Column({ type: 'text', nullable: true })
  specs!: string | null;

  @Column({ type: 'varchar', length: 100 })
  ownerName!: string;

  @ManyToOne(() => UserEntity, { nullable: true, onDelete: 'SET NULL' })
  owner!: Relation<UserEntity> | null;

  @Index()
  @Column({ type: 'int', nullable: true })
  ownerId!: number | null;

  @Column({ type: 'simple-json', nullable: true })
  additionalSpecs!: CarSpecs | null;

  @Column({ type: 'boolean', default: false })
  legalAgreement!: boolean;

  @Column({ type: 'boolean', default: false })
  featured!: boolean;

  @Column({ type: 'int', default: 0 })
  totalVotes!: number;

  /**
   * Listed (gallery, search, leaderboard, sitemap, its page) only once it has a photo and its review allows it: a new
   * car starts unlisted and syncListing (listing.ts), the one place that decides, lists it with its first stored photo.
   */
  @Column({ type: 'boolean', default: true })
  published!: boolean;

  /**
   * Where the car stands in review (shared REVIEW_STATES): only 'public' lets syncListing list it. Written by the
   * moderation module (reports, the admin's actions) and by a new car's submission when new cars need approval.
   */
  @Column({ type: 'varchar', length: 10, default: 'public' })
  reviewState!: ReviewState;

  /** Why an admin rejected the car (shown to its owner), or null. */
  @Column({ type: 'text', nullable: true })
  reviewNote!: string | null;

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}
