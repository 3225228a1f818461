/** tRPC query and mutation keys start with the procedure path as an array: [['accounts', 'me'], {...}]. */
export function procedurePath(key: readonly unknown[] | undefined): string {
  const first = key?.[0];
  return Array.isArray(first) ? first.join('.') : '';
}
