import type { OpenAPIObject } from 'trpc-to-openapi';

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
  '413': error('The file is too large'),
  '415': error('The file is not an image (decided by its bytes)'),
};

export function addUploadOperations(doc: OpenAPIObject): void {
  doc.paths ??= {};
  doc.paths['/images'] = {
    ...doc.paths['/images'],
    post: {
      operationId: 'images-upload',
      tags: ['images'],
      summary: 'Add a photo to a car (owner or admin); JPEG, PNG, WebP, AVIF, HEIC or GIF up to 50 MB',
      security: [{ sessionCookie: [] }],
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: ['image', 'carId'],
              properties: {
                image: { type: 'string', format: 'binary' },
                carId: { type: 'integer' },
                isPrimary: { type: 'boolean', default: false },
              },
            },
          },
        },
      },
      responses: {
        '201': { description: 'The stored image with its responsive variants' },
        ...uploadErrors,
        '403': error('Not the owner of the car'),
        '404': error('No such car'),
      },
    },
  };
  doc.paths['/profile/picture'] = {
    ...doc.paths['/profile/picture'],
    post: {
      operationId: 'profile-picture',
      tags: ['profile'],
      summary: 'Set the profile picture (an image up to 2 MB)',
      security: [{ sessionCookie: [] }],
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: ['profilePicture'],
              properties: { profilePicture: { type: 'string', format: 'binary' } },
            },
          },
        },
      },
      responses: { '200': { description: 'The user with the new picture' }, ...uploadErrors },
    },
  };
}
