import { Column, Entity, Index, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { CreatedAtColumn } from '../../db/columns';
import { UserEntity } from '../accounts/user.entity';
import { CarEntity } from './car.entity';

/** URLs of the responsive WebP variants made once at upload. */
export interface ImageVariants {
  w400: string;
  w800: string;
  w1600: string;
}

/**
 * A photo of a car. Exactly one image per car is primary: the images service keeps that rule in one transaction
 * (neither database offers a portable partial unique index).
 */
@Entity('car_images')
@Index(['carId', 'sortOrder'])
@Index(['storageKey'])
@Index(['hashBand0', 'perceptualHash'])
@Index(['hashBand1', 'perceptualHash'])
@Index(['hashBand2', 'perceptualHash'])
@Index(['hashBand3', 'perceptualHash'])
export class CarImageEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id!: number;

  @ManyToOne(() => CarEntity, { nullable: false, onDelete: 'CASCADE' })
  car!: Relation<CarEntity>;

  @Column({ type: 'int' })
  carId!: number;

  /**
   * Storage key of the re-encoded original, kept for prints (the admin's download, meet cards, share previews) and
   * not served at /api/file when the photo has variants; the variants sit beside it.
   */
  @Column({ type: 'varchar', length: 255 })
  storageKey!: string;

  /** The public URL: the largest variant (w1600), or the original for a photo stored without variants. */
  @Column({ type: 'varchar', length: 500 })
  url!: string;

  @Column({ type: 'int' })
  width!: number;

  @Column({ type: 'int' })
  height!: number;

  @Column({ type: 'simple-json', nullable: true })
  variants!: ImageVariants | null;

  @Column({ type: 'boolean', default: false })
  isPrimary!: boolean;

  /** Official photo (taken by the site's photographers) rather than one the owner uploaded. */
  @Column({ type: 'boolean', default: false })
  isAdminUploaded!: boolean;

  @Column({ type: 'varchar', length: 255, nullable: true })
  caption!: string | null;

  /** Bytes of the stored original. */
  @Column({ type: 'int' })
  fileSize!: number;

  @Column({ type: 'int', default: 0 })
  sortOrder!: number;

  @ManyToOne(() => UserEntity, { nullable: true, onDelete: 'SET NULL' })
  uploadedBy!: Relation<UserEntity> | null;

  @Column({ type: 'int', nullable: true })
  uploadedById!: number | null;

  /**
   * The photo's perceptual hash (photo-matches/dhash.ts: 16 hex digits), null until computed (uploads compute it;
   * photos from before it existed get it from the start-up backfill). The four bands are its 16-bit quarters, each
   * indexed with the hash so a lookup of near hashes reads the indexes alone.
   */
  @Column({ type: 'varchar', length: 16, nullable: true })
  perceptualHash!: string | null;

  @Column({ type: 'int', nullable: true })
  hashBand0!: number | null;

  @Column({ type: 'int', nullable: true })
  hashBand1!: number | null;

  @Column({ type: 'int', nullable: true })
  hashBand2!: number | null;

  @Column({ type: 'int', nullable: true })
  hashBand3!: number | null;

  @CreatedAtColumn()
  createdAt!: Date;
}
