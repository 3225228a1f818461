import sharp from 'sharp';
import type { HttpClient } from '../../../test/http';

// Helpers for tests that upload files the way the browser does (multipart through fetch).

export async function jpegBytes(width = 320, height = 200, color = '#3366cc'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}

export async function multipartPost(
  client: HttpClient,
  path: string,
  fields: Record<string, string>,
  file: { field: string; bytes: Buffer | Blob; name?: string; type?: string },
  /** Sent as well (an API token's Authorization). */
  extraHeaders: Record<string, string> = {},
  // biome-ignore lint/suspicious/noExplicitAny: test responses are inspected loosely, like HttpClient's
): Promise<{ status: number; body: any; headers: Headers }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const blob =
    file.bytes instanceof Blob
      ? file.bytes
      : new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/jpeg' });
  form.append(file.field, blob, file.name ?? 'photo.jpg');
  const headers: Record<string, string> = { ...extraHeaders };
  if (client.cookie) headers.cookie = client.cookie;
  const res = await fetch(client.baseUrl + path, { method: 'POST', body: form, headers });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body, headers: res.headers };
}

export function uploadCarImage(
  client: HttpClient,
  carId: number,
  bytes: Buffer | Blob,
  isPrimary = false,
  name?: string,
) {
  return multipartPost(
    client,
    '/api/images',
    { carId: String(carId), isPrimary: String(isPrimary) },
    { field: 'image', bytes, name },
  );
}
