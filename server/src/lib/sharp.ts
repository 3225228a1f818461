import type sharpModule from 'sharp';

/**
 * sharp (libvips), loaded on first use: it adds about 15 MB to the server's resident memory, and a server only needs
 * it when a photo is uploaded or a preview is drawn.
 */
export async function loadSharp(): Promise<typeof sharpModule> {
  return (await import('sharp')).default;
}
