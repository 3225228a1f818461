import type sharpModule from 'sharp';

let loaded: Promise<typeof sharpModule> | null = null;

/**
 * sharp (libvips), loaded on first use: it adds about 15 MB to the server's resident memory, and a server only needs
 * it when a photo is uploaded or a preview is drawn. Each picture is worked on by one libvips thread (sharp's
 * default is a thread per core under jemalloc, which the Docker image preloads): pictures run side by side only as
 * the image queue (image-queue.ts) lets them, so two cores stay shared with the requests.
 */
export function loadSharp(): Promise<typeof sharpModule> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.concurrency(1);
    return sharp;
  });
  return loaded;
}
