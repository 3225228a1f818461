import { createHash } from 'node:crypto';

/** Hex SHA-256: how one-time secrets (reset links, API tokens) are stored, so a database leak reveals none. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
