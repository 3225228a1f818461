import { jpegBytes, multipartPost } from '../src/modules/images/upload-test-helpers';
import type { HttpClient } from './http';

// The plain Fastify routes (not procedures: multipart uploads, downloads, PDFs, files), each with the access level
// its `config.access` declares (plugins/route-access.ts), and one way to call any of them. The authorization matrix
// and the token-scope sweep walk this list, as they walk the router's procedures.

/** What a route's URL names: the fixture's car, order line and stored file. */
export interface PlainRouteIds {
  carId: number;
  slug: string;
  orderId: number;
  itemId: number;
  fileKey: string;
}

export interface PlainRoute {
  method: 'GET' | 'POST';
  url: (ids: PlainRouteIds) => string;
  /** A multipart upload: the file's field and the other fields. */
  upload?: { field: string; fields: (ids: PlainRouteIds) => Record<string, string> };
  /** Who may call it: `ownerOrAdmin` is a signed-in route whose service lets only the car's owner or an admin in. */
  level: 'public' | 'signedIn' | 'ownerOrAdmin' | 'admin';
}

export const PLAIN_ROUTES: PlainRoute[] = [
  {
    method: 'POST',
    url: () => '/api/images',
    upload: { field: 'image', fields: (ids) => ({ carId: String(ids.carId) }) },
    level: 'ownerOrAdmin',
  },
  {
    method: 'POST',
    url: () => '/api/profile/picture',
    upload: { field: 'profilePicture', fields: () => ({}) },
    level: 'signedIn',
  },
  {
    method: 'POST',
    url: () => '/api/products/upload-image',
    upload: { field: 'image', fields: () => ({}) },
    level: 'admin',
  },
  {
    method: 'POST',
    url: () => '/api/upload/advertisement',
    upload: { field: 'image', fields: () => ({ type: 'banner' }) },
    level: 'admin',
  },
  { method: 'GET', url: (ids) => `/api/cars/${ids.carId}/meet-card.pdf`, level: 'ownerOrAdmin' },
  { method: 'GET', url: (ids) => `/api/admin/meet-cards.pdf?carIds=${ids.carId}`, level: 'admin' },
  { method: 'GET', url: () => '/api/orders/export.csv', level: 'admin' },
  { method: 'GET', url: (ids) => `/api/orders/${ids.orderId}/items/${ids.itemId}/original`, level: 'admin' },
  { method: 'GET', url: (ids) => `/api/file/${ids.fileKey}`, level: 'public' },
  { method: 'GET', url: (ids) => `/api/share-image/${ids.slug}.jpg`, level: 'public' },
];

export const plainRouteLabel = (route: PlainRoute) => `${route.method} ${route.url(LABEL_IDS)}`;
const LABEL_IDS: PlainRouteIds = { carId: 0, slug: '{slug}', orderId: 0, itemId: 0, fileKey: '{key}' };

/** Calls the route as `client` (its cookie) with `headers` (an API token's Authorization). */
export async function callPlainRoute(
  client: HttpClient,
  route: PlainRoute,
  ids: PlainRouteIds,
  headers: Record<string, string> = {},
): Promise<{ status: number; message: string | undefined }> {
  const url = route.url(ids);
  if (route.upload) {
    const file = { field: route.upload.field, bytes: await jpegBytes(64, 48), name: 'photo.jpg' };
    const res = await multipartPost(client, url, route.upload.fields(ids), file, headers);
    return { status: res.status, message: res.body?.message };
  }
  const res = await client.request(route.method, url, undefined, headers);
  return { status: res.status, message: typeof res.body === 'object' ? res.body?.message : undefined };
}
