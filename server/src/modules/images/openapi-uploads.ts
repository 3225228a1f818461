import { carImageSchema, SERVER_LIMITS, userSchema } from '@curbside/shared';
import type { OpenAPIObject } from 'trpc-to-openapi';
import { type ZodType, z } from 'zod';

// The multipart uploads are plain Fastify routes (tRPC procedures take JSON), so they are added to the generated
// OpenAPI document here, next to the routes they describe (upload-routes.ts).

const error = (description: string) => ({
  description,
  content: {
    'application/json': {
      schema: { type: 'object', properties: { message: { type: 'string' }, code: { type: 'string' } } },
    },
  },
});

const uploadErrors = {
  '400': error('A field is missing or invalid'),
  '401': error('Not signed in'),
  '413': error(
    `The file is too large, or its picture is: over ${SERVER_LIMITS.imageMaxPixels / 1_000_000} megapixels, or packed far tighter than a photo`,
  ),
  '415': error('The file is not an image (decided by its bytes)'),
  '503': {
    ...error('The server is busy processing photos; nothing was stored'),
    headers: { 'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer' } } },
  },
};
const adminErrors = { '403': error('Not an admin') };

/** The JSON schema of a response, as the generated operations write theirs (OpenAPI 3.1 is JSON Schema 2020-12). */
function responseSchema(schema: ZodType): object {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'output' });
  return rest;
}

type Field = { type: 'string' | 'integer' | 'boolean'; format?: string; enum?: string[]; default?: unknown };

interface MultipartOperation {
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  fields: Record<string, Field>;
  required: string[];
  success: { status: '200' | '201'; description: string; schema?: object };
  errors?: Record<string, ReturnType<typeof error>>;
}

const imageFile: Field = { type: 'string', format: 'binary' };

const OPERATIONS: MultipartOperation[] = [
  {
    path: '/images',
    operationId: 'images-upload',
    tag: 'images',
    summary: 'Add a photo to a car (owner or admin); JPEG, PNG, WebP, AVIF, HEIC or GIF up to 50 MB',
    fields: { image: imageFile, carId: { type: 'integer' }, isPrimary: { type: 'boolean', default: false } },
    required: ['image', 'carId'],
    success: {
      status: '201',
      description: 'The stored image with its responsive variants',
      schema: responseSchema(carImageSchema),
    },
    errors: { '403': error('Not the owner of the car'), '404': error('No such car') },
  },
  {
    path: '/profile/picture',
    operationId: 'profile-picture',
    tag: 'profile',
    summary: 'Set the profile picture (an image up to 2 MB)',
    fields: { profilePicture: imageFile },
    required: ['profilePicture'],
    success: { status: '200', description: 'The user with the new picture', schema: responseSchema(userSchema) },
  },
  {
    path: '/products/upload-image',
    operationId: 'products-upload-image',
    tag: 'products',
    summary: 'Upload a product picture (admin); returns its URL for the product form',
    fields: { image: imageFile },
    required: ['image'],
    success: {
      status: '201',
      description: 'The stored picture',
      schema: { type: 'object', required: ['imageUrl'], properties: { imageUrl: { type: 'string' } } },
    },
    errors: adminErrors,
  },
  {
    path: '/upload/advertisement',
    operationId: 'advertisements-upload-image',
    tag: 'advertisements',
    summary: 'Upload an advertisement picture (admin); banner 728x90 or 970x250 px, column 120x600 px',
    fields: { image: imageFile, type: { type: 'string', enum: ['banner', 'column'] } },
    required: ['image', 'type'],
    success: {
      status: '201',
      description: 'The stored picture',
      schema: { type: 'object', required: ['url'], properties: { url: { type: 'string' } } },
    },
    errors: adminErrors,
  },
];

export function addUploadOperations(doc: OpenAPIObject): void {
  doc.paths ??= {};
  for (const op of OPERATIONS) {
    const success = op.success.schema
      ? { description: op.success.description, content: { 'application/json': { schema: op.success.schema } } }
      : { description: op.success.description };
    doc.paths[op.path] = {
      ...doc.paths[op.path],
      post: {
        operationId: op.operationId,
        tags: [op.tag],
        summary: op.summary,
        security: [{ sessionCookie: [] }],
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': { schema: { type: 'object', required: op.required, properties: op.fields } },
          },
        },
        responses: { [op.success.status]: success, ...uploadErrors, ...op.errors },
      },
    };
  }
}
