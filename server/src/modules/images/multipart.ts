import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { MESSAGES } from '@curbside/shared';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../../errors';

export interface ReceivedUpload {
  /** Temp file holding the named file field, or null when none was sent. */
  file: string | null;
  /** The file went over maxBytes: the rest was read and thrown away, never held. */
  tooLarge: boolean;
  fields: Record<string, string>;
  /** Removes the temp file; call in finally. */
  cleanup(): Promise<void>;
}

/**
 * Reads a multipart body, streaming the one file field to a temp file (never into memory) and keeping the small text
 * fields. Beyond maxBytes the parser keeps draining the request so the client receives the 413 response cleanly.
 */
export async function receiveUpload(
  req: FastifyRequest,
  options: { fileField: string; maxBytes: number; tmpDir: string },
): Promise<ReceivedUpload> {
  await mkdir(options.tmpDir, { recursive: true });
  const temp = path.join(options.tmpDir, `${randomUUID()}.upload`);
  const result: ReceivedUpload = {
    file: null,
    tooLarge: false,
    fields: {},
    cleanup: () => rm(temp, { force: true }),
  };
  try {
    const parts = req.parts({
      limits: { fileSize: options.maxBytes, files: 1, fields: 10, fieldSize: 10_000, parts: 11 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== options.fileField || result.file) {
          part.file.resume();
          continue;
        }
        await pipeline(part.file, createWriteStream(temp));
        result.file = temp;
        if (part.file.truncated) result.tooLarge = true;
      } else if (typeof part.value === 'string' || typeof part.value === 'number' || typeof part.value === 'boolean') {
        result.fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    await result.cleanup();
    // @fastify/multipart's own refusals (limits 413, not multipart 406) carry their status; the parser's (a body cut
    // off or not multipart at all despite its content type) do not, and would get a 500.
    if (typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
    throw new DomainError('BAD_REQUEST', MESSAGES.server.uploadMalformed);
  }
  return result;
}
