import { PHOTO_PICKER_MESSAGES } from './photo-picker';

/**
 * The photo rules of the submission form, for that form only. A module of their own and outside MESSAGES: the
 * bundler keeps a module's texts in one chunk, and MESSAGES (with upload.ts) is in every page's first download, where
 * the home page is at its budget; this way only the form's chunk carries them.
 */
export const UPLOAD_PHOTO_MESSAGES = {
  /** A chosen file whose content is no photo (checked in the browser before anything is sent). */
  notAPhoto: PHOTO_PICKER_MESSAGES.fileNotAPhoto,
  notAPhotoTitle: PHOTO_PICKER_MESSAGES.filesNotAdded,
  /** The owner's car without a photo: nobody else sees it until one is stored. */
  notListed: {
    title: 'Not public yet',
    message: 'Your car is saved, but only you can see it until it has a photo. Add at least one photo and save.',
  },
} as const;
