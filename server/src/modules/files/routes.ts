import type { FastifyInstance } from 'fastify';
import { isSafeKey, type Storage } from '../../lib/storage';
import { withAccess } from '../../plugins/route-access';

/**
 * GET /api/file/{key}: a stored upload. Keys are made by the server and never reused (a new upload gets a new key),
 * so the response may be cached for a year. A car photo's original is not served (404): it is kept for prints, and
 * the photo's public URL is its largest web rendition (images/process-image.ts).
 */
export function registerFileRoutes(
  app: FastifyInstance,
  deps: { storage: Storage; isPrintOnly: (key: string) => Promise<boolean> },
): void {
  const { storage } = deps;
  // Anyone's, also while a site mode is on: the pages that stay open (the coming-soon page, /auth) show stored files.
  app.get('/api/file/*', withAccess({ level: 'public', siteModes: false }), async (req, reply) => {
    const key = (req.params as { '*': string })['*'];
    const object = isSafeKey(key) && !(await deps.isPrintOnly(key)) ? await storage.get(key) : null;
    if (!object) return reply.code(404).send({ message: 'File not found', code: 'NOT_FOUND' });
    return reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-type', object.contentType)
      .header('content-length', String(object.size))
      .header('x-content-type-options', 'nosniff')
      .send(object.body);
  });
}
