import { Entity, Index } from 'typeorm';
import { AddressRequest } from './address-request';

/**
 * One registration let through the throttle, whether it created an account or found the e-mail or username taken,
 * counted per IP hash in a sliding window.
 */
@Entity('registration_attempts')
@Index(['ipHash', 'createdAt'])
export class RegistrationAttemptEntity extends AddressRequest {}
