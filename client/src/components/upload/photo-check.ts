import { PHOTO_SIGNATURE_BYTES, photoFormatOf } from '@curbside/shared';

/**
 * Splits chosen files into photos and files that are none, by their first bytes (a text file named .jpg is refused
 * here, before anything is sent; the server checks again). A file that cannot be read counts as no photo.
 */
export async function sortByContent(files: File[]): Promise<{ photos: File[]; refused: File[] }> {
  const checked = await Promise.all(
    files.map(async (file) => {
      try {
        const head = new Uint8Array(await file.slice(0, PHOTO_SIGNATURE_BYTES).arrayBuffer());
        return { file, isPhoto: photoFormatOf(head) !== null };
      } catch {
        return { file, isPhoto: false };
      }
    }),
  );
  return {
    photos: checked.filter((c) => c.isPhoto).map((c) => c.file),
    refused: checked.filter((c) => !c.isPhoto).map((c) => c.file),
  };
}
