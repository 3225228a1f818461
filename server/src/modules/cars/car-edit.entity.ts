import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn } from '../../db/columns';

/**
 * One edit of a user's car or of its photos, written as the edit starts and removed again if it is refused or fails
 * (edit-throttle.ts). Counted per user in a sliding window, in the database so the limit holds across app servers.
 */
@Entity('car_edits')
@Index(['userId', 'createdAt'])
export class CarEditEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id!: number;

  @Column({ type: 'int' })
  userId!: number;

  @CreatedAtColumn()
  createdAt!: Date;
}
