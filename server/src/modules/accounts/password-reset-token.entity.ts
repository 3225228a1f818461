import { Entity } from 'typeorm';
import { OneTimeToken } from './one-time-token';

/** A one-time password-reset token (one-time-token.ts). */
@Entity('password_reset_tokens')
export class PasswordResetTokenEntity extends OneTimeToken {}
