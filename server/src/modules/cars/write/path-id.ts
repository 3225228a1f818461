import { idSchema, MESSAGES } from '@curbside/shared';
import { z } from 'zod';

/** An id from a REST path (a string there) or from tRPC (a number). */
export const pathIdSchema = z.coerce.number({ error: MESSAGES.validation.invalidId }).pipe(idSchema);
