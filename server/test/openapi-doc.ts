import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The committed OpenAPI document (docs/openapi.json, written by `npm run openapi:write`). */
export const COMMITTED_DOCUMENT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/openapi.json');

/** An OpenAPI document as JSON, which the tests read field by field. */
// biome-ignore lint/suspicious/noExplicitAny: a JSON document, read by tests that index into it freely
export type DocumentJson = any;

export function readCommittedDocument(): DocumentJson {
  return JSON.parse(readFileSync(COMMITTED_DOCUMENT, 'utf8'));
}

/**
 * The document with its local references (#/components/…) replaced by what they point to, for tests that read one
 * operation's schemas on their own. A reference met again inside itself (a recursive schema) becomes {}.
 */
export function inlineRefs<T>(doc: T): T {
  const root = doc as DocumentJson;
  const inline = (value: unknown, within: string[]): unknown => {
    if (Array.isArray(value)) return value.map((item) => inline(item, within));
    if (!value || typeof value !== 'object') return value;
    const ref = (value as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/')) {
      if (within.includes(ref)) return {};
      const target = ref
        .slice(2)
        .split('/')
        .reduce<DocumentJson>((node, key) => node?.[key], root);
      return inline(target, [...within, ref]);
    }
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, inline(item, within)]));
  };
  return inline(doc, []) as T;
}
