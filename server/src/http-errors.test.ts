import { MESSAGES } from '@curbside/shared';
import { TRPCError } from '@trpc/server';
import { QueryFailedError } from 'typeorm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DatabaseUnavailableError } from './db/errors';
import { DomainError } from './errors';
import { INTERNAL_ERROR_MESSAGE, toErrorResponse } from './http-errors';

describe('error responses', () => {
  it('maps each domain code to its status and keeps the message', () => {
    const cases: [DomainError['code'], number][] = [
      ['BAD_REQUEST', 400],
      ['UNAUTHORIZED', 401],
      ['FORBIDDEN', 403],
      ['NOT_FOUND', 404],
      ['CONFLICT', 409],
      ['PAYLOAD_TOO_LARGE', 413],
      ['UNSUPPORTED_MEDIA_TYPE', 415],
      ['TOO_MANY_REQUESTS', 429],
      ['SERVICE_UNAVAILABLE', 503],
    ];
    for (const [code, status] of cases) {
      const response = toErrorResponse(
        new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: new DomainError(code, 'Said so') }),
      );
      expect(response.status, code).toBe(status);
      expect(response.body.message).toBe('Said so');
    }
  });

  it('names the invalid field of a validation error', () => {
    const result = z.object({ year: z.number({ error: 'Year is required' }) }).safeParse({});
    const response = toErrorResponse(new TRPCError({ code: 'BAD_REQUEST', cause: result.error }));
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('year: Year is required');
    expect(response.body.issues).toEqual([{ path: 'year', message: 'Year is required' }]);
  });

  it('masks the message of anything unexpected', () => {
    const response = toErrorResponse(new Error('ER_NO_SUCH_TABLE: secret_table at /srv/app.js:12'));
    expect(response.status).toBe(500);
    expect(response.isServerError).toBe(true);
    expect(response.body.message).toBe(INTERNAL_ERROR_MESSAGE);
    expect(JSON.stringify(response.body)).not.toContain('secret_table');
  });

  it('responds with 503 when the database cannot be reached', () => {
    const response = toErrorResponse(
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3306'), { code: 'ECONNREFUSED' }),
    );
    expect(response.status).toBe(503);
    expect(response.body.message).not.toContain('3306');
  });

  it('responds with 503 and the message for a procedure whose query found the database gone or busy', () => {
    const failedQuery = (code: string) =>
      new TRPCError({
        code: 'INTERNAL_SERVER_ERROR',
        cause: new QueryFailedError('SELECT 1', [], Object.assign(new Error(`${code}: at 10.0.0.5`), { code })),
      });
    for (const code of ['ECONNRESET', 'PROTOCOL_CONNECTION_LOST', 'PROTOCOL_SEQUENCE_TIMEOUT', 'SQLITE_BUSY']) {
      const response = toErrorResponse(failedQuery(code));
      expect(response.status, code).toBe(503);
      expect(response.body).toEqual({ message: MESSAGES.server.serviceUnavailable, code: 'SERVICE_UNAVAILABLE' });
    }
    expect(toErrorResponse(new DatabaseUnavailableError('no connection within 5000 ms')).status).toBe(503);
    // A query that is simply wrong stays a masked 500.
    expect(toErrorResponse(failedQuery('ER_NO_SUCH_TABLE')).status).toBe(500);
    expect(toErrorResponse(failedQuery('SQLITE_CONSTRAINT_FOREIGNKEY')).status).toBe(500);
  });
});
