import type { Context } from '../context';

// The documented list calls answer a plain array (the spec's shape), so the cursor of their next page travels in
// headers: `X-Next-Cursor: <cursor>` and `Link: </api/…?…&cursor=<cursor>>; rel="next"` (RFC 8288). None on the last
// page. The /trpc procedures of the same lists answer { items, nextCursor } instead.

/** Sets the next-page headers of the REST list at `path` (the documented path, e.g. /cars) asked with `query`. */
export function setNextPageHeaders(
  ctx: Pick<Context, 'http'>,
  path: string,
  query: Record<string, string | number | boolean | undefined>,
  nextCursor: string | null,
): void {
  if (!nextCursor) return;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && name !== 'offset' && name !== 'cursor') params.set(name, String(value));
  }
  params.set('cursor', nextCursor);
  ctx.http.headers['x-next-cursor'] = nextCursor;
  ctx.http.headers.link = `</api${path}?${params}>; rel="next"`;
}
