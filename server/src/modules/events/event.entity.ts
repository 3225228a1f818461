import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn, DateTimeColumn, UpdatedAtColumn } from '../../db/columns';

/** A car meet. eventDate is stored in UTC (entered and shown in US Central time). */
@Entity('events')
@Index(['active', 'eventDate'])
export class EventEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id!: number;

  @Column({ type: 'varchar', length: 200 })
  title!: string;

  @Column({ type: 'text' })
  description!: string;

  @Column({ type: 'varchar', length: 200 })
  location!: string;

  @DateTimeColumn()
  eventDate!: Date;

  @Column({ type: 'varchar', length: 2048 })
  imageUrl!: string;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  fbEventUrl!: string | null;

  @Column({ type: 'boolean', default: true })
  active!: boolean;

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}
