import type { Readable } from 'node:stream';

// Where uploaded files live. Keys are made by the server ("cars/12/ab12….jpg"): forward slashes, no "..".

export interface StoredObject {
  body: Readable;
  size: number;
  contentType: string;
}

export interface PutOptions {
  contentType?: string;
}

export interface Storage {
  /** Writes the whole object; a stream is consumed to its end. */
  put(key: string, body: Buffer | Readable, options?: PutOptions): Promise<void>;
  /** The object as a stream, or null when there is no such key. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; a missing key is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Resolves when the storage can be written to (readiness); throws why not. */
  check(): Promise<void>;
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** True for keys of plain path segments: no absolute paths, no "." or "..", no backslashes or odd characters. */
export function isSafeKey(key: string): boolean {
  if (key.length === 0 || key.length > 255) return false;
  return key.split('/').every((s) => SEGMENT.test(s) && s !== '.' && s !== '..' && !s.includes('..'));
}

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
}

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  svg: 'image/svg+xml',
};

/** The content type the server gives a key it made (by its extension). */
export function contentTypeOf(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return TYPES[ext] ?? 'application/octet-stream';
}

/** The public URL of a stored key. */
export const fileUrl = (key: string) => `/api/file/${key}`;
