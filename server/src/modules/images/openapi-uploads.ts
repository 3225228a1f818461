import { AD_TYPES, ID_DOCUMENTED, SERVER_LIMITS } from '@curbside/shared';
import type { OpenAPIObject } from 'trpc-to-openapi';
import { errorResponses } from '../../transports/openapi-document';

// The multipart uploads are plain Fastify routes (tRPC procedures take JSON), so they are added to the generated
// OpenAPI document here, next to the routes they describe (upload-routes.ts).

const uploadErrors = ['400', '401', '403', '413', '415', '429', '500', '503'];
/** What the shared error responses do not say about an upload. */
const uploadErrorDescriptions = {
  '413': `The file is too large, or its picture is: over ${SERVER_LIMITS.imageMaxPixels / 1_000_000} megapixels, or packed far tighter than a photo`,
  '415': 'The body is not multipart/form-data, or the file is not an image (decided by its bytes)',
  '503': 'The server is busy processing photos (or a site mode is on); nothing was stored',
};

/** A response schema: the document's named component (openapi-document.ts). */
const component = (name: 'CarImage' | 'User') => ({ $ref: `#/components/schemas/${name}` });

type Field = {
  type: 'string' | 'integer' | 'boolean';
  format?: string;
  enum?: string[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
};

interface MultipartOperation {
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  fields: Record<string, Field>;
  required: string[];
  success: { status: '200' | '201'; description: string; schema?: object };
  /** Error statuses beyond uploadErrors. */
  errors?: string[];
}

const imageFile: Field = { type: 'string', format: 'binary' };

const OPERATIONS: MultipartOperation[] = [
  {
    path: '/images',
    operationId: 'images-upload',
    tag: 'images',
    summary: 'Add a photo to a car (owner or admin); JPEG, PNG, WebP, AVIF, HEIC or GIF up to 50 MB',
    fields: { image: imageFile, carId: ID_DOCUMENTED, isPrimary: { type: 'boolean', default: false } },
    required: ['image', 'carId'],
    success: {
      status: '201',
      description: 'The stored image with its responsive variants',
      schema: component('CarImage'),
    },
    errors: ['404', '409', '429'],
  },
  {
    path: '/profile/picture',
    operationId: 'profile-picture',
    tag: 'profile',
    summary: 'Set the profile picture (an image up to 2 MB)',
    fields: { profilePicture: imageFile },
    required: ['profilePicture'],
    success: { status: '200', description: 'The user with the new picture', schema: component('User') },
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
  },
  {
    path: '/upload/advertisement',
    operationId: 'advertisements-upload-image',
    tag: 'advertisements',
    summary: 'Upload an advertisement picture (admin); banner 728x90 or 970x250 px, column 120x600 px',
    fields: { image: imageFile, type: { type: 'string', enum: [...AD_TYPES] } },
    required: ['image', 'type'],
    success: {
      status: '201',
      description: 'The stored picture',
      schema: { type: 'object', required: ['url'], properties: { url: { type: 'string' } } },
    },
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
        // A write or admin API token is accepted as the session is (plugins/route-access.ts).
        security: [{ sessionCookie: [] }, { bearerToken: [] }],
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': { schema: { type: 'object', required: op.required, properties: op.fields } },
          },
        },
        responses: {
          [op.success.status]: success,
          ...errorResponses([...uploadErrors, ...(op.errors ?? [])].sort(), uploadErrorDescriptions),
        },
      },
    };
  }
}
