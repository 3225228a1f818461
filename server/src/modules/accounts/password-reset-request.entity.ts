import { Entity, Index } from 'typeorm';
import { AddressRequest } from './address-request';

/** One password-reset request, known e-mail or not, counted per IP hash in a sliding window. */
@Entity('password_reset_requests')
@Index(['ipHash', 'createdAt'])
export class PasswordResetRequestEntity extends AddressRequest {}
