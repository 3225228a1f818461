// Tracking parameters are removed from the address bar (part 1 §2, §9).

/** The six named in the spec; any other utm_* parameter is removed as well. */
export const TRACKING_PARAMS = [
  'fbclid',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
] as const;

function isTrackingParam(name: string): boolean {
  return name === 'fbclid' || name.startsWith('utm_');
}

function paramName(pair: string): string {
  const [name = ''] = pair.split('=', 1); // split gives at least one element
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name; // a malformed escape is not a tracking parameter; leave it as it is
  }
}

/**
 * Removes fbclid and utm_* parameters from a URL (absolute, or a path with query) and keeps everything else
 * byte for byte, including other parameters such as preview=true and the #hash. The spec's product dropped the
 * whole query string; keeping the rest is what a visitor expects. Returns the input unchanged when nothing is removed.
 */
export function stripTrackingParams(url: string): string {
  const hashAt = url.indexOf('#');
  const beforeHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const queryAt = beforeHash.indexOf('?');
  if (queryAt === -1) return url;

  const pairs = beforeHash.slice(queryAt + 1).split('&');
  const kept = pairs.filter((pair) => !isTrackingParam(paramName(pair)));
  if (kept.length === pairs.length) return url;

  const query = kept.filter((pair) => pair !== '').join('&');
  return `${beforeHash.slice(0, queryAt)}${query ? `?${query}` : ''}${hash}`;
}
