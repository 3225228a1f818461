import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses JSON and other text responses of 1 KB and more (tRPC, REST, the OpenAPI document) for clients that accept
 * it. Brotli at quality 4 and gzip at level 6: most of the saving for little CPU; the client's built files are
 * compressed once at build time instead (plugins/client.ts), and pictures are not compressible.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    // Responses only: request bodies arrive uncompressed (plugins/request-bounds.ts refuses the others).
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
