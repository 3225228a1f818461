import {
  adTypeSchema,
  advertisementSchema,
  carCategorySchema,
  carImageSchema,
  carSchema,
  cartItemSchema,
  eventSchema,
  imageVariantsSchema,
  orderItemSchema,
  orderSchema,
  orderStatusSchema,
  productCategorySchema,
  productSchema,
  shippingAddressOutputSchema,
  siteSettingsSchema,
  siteStatsSchema,
  userRoleSchema,
  userSchema,
} from '@curbside/shared';
import type { OpenAPIObject } from 'trpc-to-openapi';

import { type ZodType, z } from 'zod';
import type { ErrorCode } from '../http-errors';
import { WWW_AUTHENTICATE } from '../http-errors';
import { API_EXAMPLES, API_LINKS, exampleOf } from './openapi-examples';
import type { RestRoute } from './rest-routes';

// What the generator (trpc-to-openapi) cannot say by itself, added to the document it generates: named component
// schemas, the error responses each operation can really give (one Error schema, the shape http-errors.ts sends; the
// statuses from each procedure's meta), `security` on every operation (an empty list on the public ones), relative
// servers, tag descriptions, one name for path parameters that differ only by name (GET /cars/{slug} and PUT
// /cars/{id} are one path to a client), and the examples and links of openapi-examples.ts.

/** Shapes that recur across operations, published once under components.schemas by these names. */
const COMPONENTS: [ZodType, string][] = [
  [userSchema, 'User'],
  [userRoleSchema, 'UserRole'],
  [carSchema, 'Car'],
  [carCategorySchema, 'CarCategory'],
  [carImageSchema, 'CarImage'],
  [imageVariantsSchema, 'ImageVariants'],
  [productSchema, 'Product'],
  [productCategorySchema, 'ProductCategory'],
  [cartItemSchema, 'CartItem'],
  [orderSchema, 'Order'],
  [orderItemSchema, 'OrderItem'],
  [orderStatusSchema, 'OrderStatus'],
  [shippingAddressOutputSchema, 'ShippingAddress'],
  [eventSchema, 'Event'],
  [advertisementSchema, 'Advertisement'],
  [adTypeSchema, 'AdType'],
  [siteSettingsSchema, 'SiteSettings'],
  [siteStatsSchema, 'SiteStats'],
];

/** Gives the shared schemas their component names (zod's registry, which the generator reads). Once per process. */
export function nameComponentSchemas(): void {
  for (const [schema, id] of COMPONENTS) {
    if (!z.globalRegistry.has(schema)) z.globalRegistry.add(schema, { id });
  }
}

export const TAGS = [
  { name: 'accounts', description: 'Sign up, sign in and out, password reset, the signed-in user' },
  { name: 'profile', description: "The signed-in user's name, biography, picture and password" },
  { name: 'cars', description: 'The showcase: cars, search, the leaderboard, QR codes; submitting and editing cars' },
  { name: 'images', description: 'Car photos' },
  { name: 'photo-matches', description: "Copied photos: new car photos that look like another user's (admin)" },
  { name: 'votes', description: 'Votes for cars' },
  { name: 'hall-of-fame', description: "Each closed month's final top 10, and a car's honours" },
  { name: 'products', description: 'Prints and merchandise' },
  { name: 'cart', description: "The signed-in user's cart, priced by the server" },
  { name: 'checkout', description: 'Payment and orders' },
  { name: 'orders', description: 'Orders: your own, and every order for an admin' },
  { name: 'events', description: 'Car meets' },
  { name: 'advertisements', description: 'Banner and column ads' },
  { name: 'newsletter', description: 'Newsletter sign-up' },
  { name: 'stats', description: 'Counters for the home page and the admin dashboard' },
  { name: 'site settings', description: 'Maintenance and coming-soon modes' },
  { name: 'tokens', description: 'Personal API tokens for scripts, sent as Authorization: Bearer' },
  { name: 'moderation', description: 'Reports of cars and photos; the admin review queue and its actions' },
  { name: 'users', description: 'Finding accounts, suspending them and lifting suspensions (admin)' },
];

const ERROR_CODES: ErrorCode[] = [
  'PARSE_ERROR',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_SUPPORTED',
  'TIMEOUT',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'URI_TOO_LONG',
  'TOO_MANY_REQUESTS',
  'INTERNAL_SERVER_ERROR',
  'SERVICE_UNAVAILABLE',
  'MAINTENANCE_MODE',
  'COMING_SOON_MODE',
];

/** The body of every error response (http-errors.ts ErrorResponse). */
const ERROR_SCHEMA = {
  type: 'object',
  description: 'Every error response: a human message, a code, and for invalid input the problems by field',
  required: ['message', 'code'],
  properties: {
    message: { type: 'string', description: 'For people; for invalid input, "field: first problem"' },
    code: { type: 'string', enum: ERROR_CODES },
    issues: {
      type: 'array',
      description: 'Invalid input: each problem (at most 20), by field path ("shippingAddress.city")',
      items: {
        type: 'object',
        required: ['path', 'message'],
        properties: { path: { type: 'string' }, message: { type: 'string' } },
      },
    },
    retryAfterSeconds: { type: 'integer', minimum: 1, description: 'On a 429: when to try again' },
    requestId: { type: 'string', description: 'On a 5xx: the id to quote when reporting it' },
  },
};

export const ERROR_SCHEMA_REF = { $ref: '#/components/schemas/Error' };
const retryAfter = {
  'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer', minimum: 1 } },
};

/** The error responses, by status: one component each, which operations refer to. */
const ERROR_RESPONSES: Record<string, { name: string; description: string; headers?: object }> = {
  '400': { name: 'BadRequest', description: 'Invalid input: the body or a parameter (see issues), or malformed JSON' },
  '401': {
    name: 'Unauthorized',
    description: 'Not signed in',
    headers: {
      'WWW-Authenticate': { description: 'How to sign in', schema: { type: 'string', example: WWW_AUTHENTICATE } },
    },
  },
  '403': { name: 'Forbidden', description: 'Not allowed: not an admin, not the owner, or a cross-site request' },
  '404': { name: 'NotFound', description: 'Nothing with that id or slug' },
  '409': { name: 'Conflict', description: 'The current state refuses it (taken, out of stock, already done)' },
  '413': { name: 'PayloadTooLarge', description: 'The request body is over the limit' },
  '415': { name: 'UnsupportedMediaType', description: 'The body is not in the content type this operation takes' },
  '429': { name: 'TooManyRequests', description: 'A throttle or quota: try again later', headers: retryAfter },
  '500': { name: 'InternalServerError', description: 'Something went wrong on the server (the message is generic)' },
  '503': {
    name: 'ServiceUnavailable',
    description: 'Maintenance or coming-soon mode, the database unreachable, or the server busy',
    headers: retryAfter,
  },
};

/**
 * The error statuses `route` can return, from its procedure's meta: the access level it is built on and the
 * refusals its service gives (trpc.ts, Meta). Every operation: 400 (a query parameter an operation does not take, a
 * body that does not parse), 401 and 429 (any request may carry an API token: a wrong one is refused, and an address
 * that sends many wrong ones is throttled), 500 and 503 (a site mode, the database unreachable, the server busy).
 */
export function errorStatuses(route: RestRoute, hasPathParams: boolean): string[] {
  const statuses = new Set<string>(['400', '401', '429', '500', '503']);
  const { access, refusals = [] } = route.procedure.meta ?? {};
  // Not an admin, an unverified address, an API token where only the session will do, another user's record, or
  // (any write) a read-only token or a cross-site request.
  const roleChecked = access === 'admin' || access === 'verified' || access === 'session';
  if (roleChecked || refusals.includes('FORBIDDEN') || route.method !== 'GET') statuses.add('403');
  if (hasPathParams || refusals.includes('NOT_FOUND')) statuses.add('404');
  if (refusals.includes('CONFLICT')) statuses.add('409');
  // Any request but a GET may carry a body (Fastify reads a DELETE's too): over the limit, or not JSON.
  if (route.method !== 'GET') {
    statuses.add('413');
    statuses.add('415');
  }
  return [...statuses].sort();
}

type Operation = {
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: {
    in: string;
    name: string;
    required?: boolean;
    description?: string;
    schema?: object;
    example?: unknown;
  }[];
  requestBody?: { content?: Record<string, { schema?: object; example?: unknown }> };
  responses: Record<string, unknown>;
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

function operationsOf(doc: OpenAPIObject): [string, string, Operation][] {
  return Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    METHODS.flatMap((m) => {
      const operation = (item as Record<string, Operation | undefined>)[m];
      return operation ? [[path, m, operation] as [string, string, Operation]] : [];
    }),
  );
}

/** Completes the generated document (see the top of this file); `routes` are the procedures' REST routes. */
export function finishDocument(doc: OpenAPIObject, routes: RestRoute[]): OpenAPIObject {
  doc.servers = [{ url: '/api', description: 'This server' }];
  doc.tags = TAGS;
  doc.components ??= {};
  const components = doc.components;
  components.schemas ??= {};
  const schemas = components.schemas as Record<string, object>;
  for (const name of Object.keys(schemas)) if (name.startsWith('error.')) delete schemas[name];
  schemas.Error = ERROR_SCHEMA;
  type Responses = NonNullable<typeof components.responses>;
  components.responses = Object.fromEntries(
    Object.values(ERROR_RESPONSES).map(({ name, description, headers }) => [
      name,
      { description, ...(headers ? { headers } : {}), content: { 'application/json': { schema: ERROR_SCHEMA_REF } } },
    ]),
  ) as Responses;

  const routeOf = new Map(routes.map((r) => [`${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`, r]));
  for (const [path, method, operation] of operationsOf(doc)) {
    operation.security ??= [];
    for (const parameter of operation.parameters ?? []) if (parameter.in === 'path') parameter.required = true;
    const route = routeOf.get(`${method.toUpperCase()} ${path}`);
    // Signed in by the browser's session only (trpc.ts, sessionOnlyProcedure): an API token is refused.
    if (route?.procedure.meta?.access === 'session') operation.security = [{ sessionCookie: [] }];
    const body = operation.requestBody?.content?.['application/json']?.schema;
    if (route && body) Object.assign(body, route.procedure.inputObjectConstraints);
    const statuses = route ? errorStatuses(route, path.includes('{')) : Object.keys(operation.responses);
    for (const status of Object.keys(operation.responses)) {
      if (Number(status) >= 400) delete operation.responses[status];
    }
    for (const status of statuses) {
      const response = ERROR_RESPONSES[status];
      if (response) operation.responses[status] = { $ref: `#/components/responses/${response.name}` };
    }
  }
  mergePathsDifferingByParameterName(doc);
  return doc;
}

/**
 * An upload operation's error responses (multipart routes, described by hand): the shared components, or where
 * `described` says more for a status, that description with the same headers and Error schema.
 */
export function errorResponses(
  statuses: string[],
  described: Record<string, string> = {},
): Record<string, { $ref: string } | { description: string; headers?: object; content: object }> {
  return Object.fromEntries(
    statuses.map((status) => {
      const response = ERROR_RESPONSES[status];
      if (!response) throw new Error(`No error response is described for status ${status}`);
      const description = described[status];
      if (!description) return [status, { $ref: `#/components/responses/${response.name}` }];
      const content = { 'application/json': { schema: ERROR_SCHEMA_REF } };
      return [status, { description, ...(response.headers ? { headers: response.headers } : {}), content }];
    }),
  );
}

/**
 * /cars/{slug} (GET) and /cars/{id} (PUT, DELETE) are the same path to a client, which OpenAPI forbids: publish them
 * as one path whose parameter is named by both ({slugOrId}), each operation saying which it takes.
 */
function mergePathsDifferingByParameterName(doc: OpenAPIObject): void {
  const paths = doc.paths ?? {};
  const byShape = new Map<string, string[]>();
  for (const path of Object.keys(paths)) {
    const shape = path.replace(/\{\w+\}/g, '{}');
    byShape.set(shape, [...(byShape.get(shape) ?? []), path]);
  }
  for (const group of byShape.values()) {
    const [first, ...others] = group;
    if (first === undefined || others.length === 0) continue;
    // The parameter names of each path, in order (a regex group that matched is always there).
    const names = group.map((path) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? ''));
    const capitalized = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);
    const merged = (names[0] ?? []).map((_, i) =>
      [...new Set(names.map((n) => n[i] ?? ''))].map((n, j) => (j === 0 ? n : capitalized(n))).join('Or'),
    );
    let index = 0;
    const mergedPath = first.replace(/\{\w+\}/g, () => `{${merged[index++] ?? ''}}`);
    const item: Record<string, Operation> = {};
    group.forEach((path, g) => {
      for (const [method, operation] of Object.entries(paths[path] as Record<string, Operation>)) {
        for (const parameter of operation.parameters ?? []) {
          const i = names[g]?.indexOf(parameter.name) ?? -1;
          const name = merged[i];
          if (parameter.in === 'path' && name !== undefined && parameter.name !== name) {
            parameter.description ??= `The ${parameter.name}`;
            parameter.name = name;
          }
        }
        item[method] = operation;
      }
      delete paths[path];
    });
    paths[mergedPath] = item as never;
  }
}

/** The site the committed document (docs/openapi.json) describes: the default SITE_NAME. */
export const DEFAULT_DOCUMENT_SITE = { siteName: 'Curbside' };

/** The document as docs/openapi.json holds it: two-space JSON and a final newline (what Biome formats alike). */
export const documentText = (document: object) => `${JSON.stringify(document, null, 2)}\n`;

/**
 * Puts the examples and links of openapi-examples.ts on the operations: each parameter's and body's example, an
 * example of the success answer (from its schema, with the demo records' values) and, on a create's success answer,
 * the links to the operations on what it made.
 */
export function addExamples(doc: OpenAPIObject): void {
  const components = (doc.components?.schemas ?? {}) as Record<string, object>;
  for (const [, , operation] of operationsOf(doc)) {
    const id = operation.operationId ?? '';
    const example = API_EXAMPLES[id];
    if (!example) continue;
    for (const parameter of operation.parameters ?? []) {
      const value = example.parameters?.[parameter.name];
      if (value !== undefined) parameter.example = value;
    }
    const content = operation.requestBody?.content;
    const body = content?.['application/json'] ?? content?.['multipart/form-data'];
    if (body && example.body !== undefined) body.example = example.body;
    const [status, success] = Object.entries(operation.responses).find(([code]) => code.startsWith('2')) ?? [];
    const media = (success as SuccessResponse | undefined)?.content?.['application/json'];
    // The answer to the example request: what it sent, over the demo record of the answer's kind.
    const sent = typeof example.body === 'object' && example.body !== null ? example.body : {};
    const answer = { ...sent, ...example.answer };
    if (media?.schema) media.example = exampleOf(media.schema, components, answer);
    const links = API_LINKS[id];
    if (success && links) {
      (success as SuccessResponse).links = Object.fromEntries(
        links.map(({ name, operationId, parameter, value }) => [
          name,
          { operationId, parameters: { [parameter]: value ?? '$response.body#/id' } },
        ]),
      );
    }
    if (status === undefined) throw new Error(`${id} has no success response to give an example of`);
  }
}

type SuccessResponse = { content?: Record<string, { schema?: object; example?: unknown }>; links?: object };
