import { Column, Entity, Index, ManyToOne, PrimaryGeneratedColumn, type Relation, Unique } from 'typeorm';
import { CreatedAtColumn, DateTimeColumn } from '../../db/columns';
import { UserEntity } from '../accounts/user.entity';
import { CarImageEntity } from '../cars/car-image.entity';

/**
 * "May be someone else's photo": a car photo (`imageId`, the later one) whose perceptual hash lies within
 * PHOTO_MATCH_DISTANCE of another user's earlier photo (`matchedImageId`). Open until an admin dismisses it; removing
 * either photo (or its car) removes the flag with it.
 */
@Entity('photo_matches')
@Unique(['imageId', 'matchedImageId'])
@Index(['dismissedAt', 'createdAt'])
export class PhotoMatchEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id!: number;

  @ManyToOne(() => CarImageEntity, { nullable: false, onDelete: 'CASCADE' })
  image!: Relation<CarImageEntity>;

  @Column({ type: 'int' })
  imageId!: number;

  @ManyToOne(() => CarImageEntity, { nullable: false, onDelete: 'CASCADE' })
  matchedImage!: Relation<CarImageEntity>;

  @Index()
  @Column({ type: 'int' })
  matchedImageId!: number;

  /** Bits the two hashes differ in (0 = the same picture as far as the hash can tell). */
  @Column({ type: 'int' })
  distance!: number;

  @CreatedAtColumn()
  createdAt!: Date;

  /** When an admin judged the two photos fine; null while the flag is open. */
  @DateTimeColumn({ nullable: true })
  dismissedAt!: Date | null;

  @ManyToOne(() => UserEntity, { nullable: true, onDelete: 'SET NULL' })
  dismissedBy!: Relation<UserEntity> | null;

  @Column({ type: 'int', nullable: true })
  dismissedById!: number | null;
}
