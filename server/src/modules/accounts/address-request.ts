import { Column, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn } from '../../db/columns';

/**
 * The columns of an address throttle's table (address-throttle.ts): one row per request counted, by IP hash, kept in
 * the database (not process memory) so the limit holds across several app servers.
 */
export abstract class AddressRequest {
  @PrimaryGeneratedColumn({ type: 'int' })
  id!: number;

  @Column({ type: 'varchar', length: 64 })
  ipHash!: string;

  @CreatedAtColumn()
  createdAt!: Date;
}
