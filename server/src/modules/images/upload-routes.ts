import path from 'node:path';
import {
  adImageUploadFieldsSchema,
  type CarImage,
  imageUploadFieldsSchema,
  LIMITS,
  MESSAGES,
  type User,
} from '@curbside/shared';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { carPhotosChanged } from '../../cache-policies';
import type { Config } from '../../config';
import { badRequest } from '../../errors';
import { actorAt, withAccess } from '../../plugins/route-access';
import { invalidateAfterWrite } from '../../read-cache/policy';
import { toUserDto } from '../accounts/user-dto';
import { receiveUpload } from './multipart';
import { avatarTooLarge, photoTooLarge, storeSiteImage } from './process-image';

// The multipart uploads (car photos, profile pictures, and the admin's product and advertisement images). Multipart is accepted on these routes only (the parser is registered in this scope),
// so no other /api route can be reached by a cross-site HTML form post.

const chooseImage = (field: string) => badRequest(`${field}: ${MESSAGES.server.imageOnly}`);

export async function registerUploadRoutes(app: FastifyInstance, config: Config): Promise<void> {
  const tmpDir = path.join(config.dataDir, 'tmp');

  await app.register(async (scope) => {
    // Past the size limit the file is cut (truncated) rather than thrown, so the handler responds with 413 itself.
    await scope.register(multipart, { throwFileSizeLimit: false });

    // Who may upload: the access levels of the procedures, checked by plugins/route-access.ts (a read-only API token
    // is refused, as for any change, and a site mode's 503 is answered to anyone who does not act as an admin).
    const signedInOnly = withAccess({ level: 'signedIn' });
    const adminOnly = withAccess({ level: 'admin' });

    /** Stores an admin's picture for a product or an ad; returns its /api/file URL. */
    const siteImage = async (req: FastifyRequest, folder: 'products' | 'ads') => {
      const upload = await receiveUpload(req, { fileField: 'image', maxBytes: LIMITS.photoMaxBytes, tmpDir });
      try {
        if (upload.tooLarge) throw photoTooLarge();
        if (!upload.file) throw chooseImage('image');
        if (folder === 'ads') adImageUploadFieldsSchema.parse(upload.fields);
        return (await storeSiteImage(scope.services, upload.file, folder)).url;
      } finally {
        await upload.cleanup();
      }
    };

    /** POST /api/products/upload-image (admin): field image. Returns { imageUrl } (201). */
    scope.post('/api/products/upload-image', adminOnly, async (req, reply) => {
      const imageUrl = await siteImage(req, 'products');
      reply.code(201);
      return { imageUrl };
    });

    /** POST /api/upload/advertisement (admin): fields image and type (banner or column). Returns { url } (201). */
    scope.post('/api/upload/advertisement', adminOnly, async (req, reply) => {
      const url = await siteImage(req, 'ads');
      reply.code(201);
      return { url };
    });

    /** POST /api/images: fields image (file), carId, isPrimary. Returns the stored image (201). */
    scope.post('/api/images', signedInOnly, async (req, reply): Promise<CarImage> => {
      const { actor } = actorAt(req);
      const upload = await receiveUpload(req, { fileField: 'image', maxBytes: LIMITS.photoMaxBytes, tmpDir });
      try {
        if (upload.tooLarge) throw photoTooLarge();
        if (!upload.file) throw chooseImage('image');
        const fields = imageUploadFieldsSchema.parse(upload.fields);
        const { image, listingChange } = await scope.services.images.addCarImage(
          actor,
          fields.carId,
          fields.isPrimary,
          upload.file,
        );
        // What the photo changed in the read cache: its car's responses, and when it listed the car, what that moved.
        const changed = carPhotosChanged(fields.carId, listingChange);
        invalidateAfterWrite(scope.services.readCache, req, () => changed, null, null);
        reply.code(201);
        return image;
      } finally {
        await upload.cleanup();
      }
    });

    /** POST /api/profile/picture: field profilePicture (file). Returns the user with the new picture. */
    scope.post('/api/profile/picture', signedInOnly, async (req): Promise<User> => {
      const { user } = actorAt(req);
      const upload = await receiveUpload(req, {
        fileField: 'profilePicture',
        maxBytes: LIMITS.avatarMaxBytes,
        tmpDir,
      });
      try {
        if (upload.tooLarge) throw avatarTooLarge();
        if (!upload.file) throw chooseImage('profilePicture');
        return toUserDto(await scope.services.profile.setPicture(user.id, upload.file));
      } finally {
        await upload.cleanup();
      }
    });
  });
}
