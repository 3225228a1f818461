import type { FastifyInstance } from 'fastify';
import { isSafeKey, type Storage } from '../../lib/storage';

/**
 * GET /api/file/{key}: a stored upload. Keys are made by the server and never reused (a new upload gets a new key),
 * so the response may be cached for a year.
 */
export function registerFileRoutes(app: FastifyInstance, storage: Storage): void {
  app.get('/api/file/*', async (req, reply) => {
    const key = (req.params as { '*': string })['*'];
    const object = isSafeKey(key) ? await storage.get(key) : null;
    if (!object) return reply.code(404).send({ message: 'File not found', code: 'NOT_FOUND' });
    return reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-type', object.contentType)
      .header('content-length', String(object.size))
      .header('x-content-type-options', 'nosniff')
      .send(object.body);
  });
}
