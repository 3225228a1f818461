import { SERVER_MESSAGES } from '@curbside/shared';
import type { DataSource } from 'typeorm';
import { AddressThrottle } from './address-throttle';
import { PasswordResetRequestEntity } from './password-reset-request.entity';

/** Password-reset requests allowed from one IP (IPv6: one /64) per window, whatever the e-mail. */
export const RESET_REQUESTS_PER_IP = 10;
export const RESET_REQUEST_WINDOW_MS = 60 * 60 * 1000;

/**
 * Refuses a password-reset request with 429 once an IP has made RESET_REQUESTS_PER_IP in the window, so one address
 * cannot mail-bomb many inboxes (the per-account limit stops at 3 mails an hour each). It counts every request,
 * known e-mail or not, so the response still reveals nothing about which accounts exist.
 */
export class PasswordResetThrottle extends AddressThrottle {
  constructor(ds: DataSource, now: () => Date = () => new Date()) {
    super(
      ds,
      PasswordResetRequestEntity,
      RESET_REQUESTS_PER_IP,
      RESET_REQUEST_WINDOW_MS,
      SERVER_MESSAGES.resetThrottled,
      now,
    );
  }
}
