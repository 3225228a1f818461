import type { ApiToken } from '@curbside/shared';
import type { ApiTokenEntity } from './api-token.entity';

/** A token as its owner sees it listed: never its hash. */
export function toApiTokenDto(row: ApiTokenEntity): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    hint: row.hint,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}
