import type { ToastText } from './toast';

/** Car submit and edit (part 2 §2, §5, §8). */
export const UPLOAD_MESSAGES = {
  authRequiredTitle: 'Authentication Required',
  authRequiredText: 'You need to be logged in to submit or edit a car.',
  signInButton: 'Sign In or Register',
  imagesRequired: { title: 'Images required', message: 'Please upload at least one image of your car.' },
  loginToSubmit: { title: 'Authentication required', message: 'Please log in to submit a car.' },
  createFailed: 'Error creating car',
  updateFailed: 'Error updating car',
  imageUploadFailed: (imageNumber: number): ToastText => ({
    title: 'Error uploading images',
    message: `Failed to upload image ${imageNumber}`,
  }),
  /** A chosen file whose content is no photo (checked in the browser before anything is sent, issue 24). */
  notAPhoto: (fileName: string) =>
    `"${fileName}" is not a photo we can use. Please choose a JPEG, PNG, WebP, GIF or AVIF picture.`,
  notAPhotoTitle: 'Some files are not photos',
  /** The owner's car without a photo: nobody else sees it until one is stored (issue 24). */
  notListed: {
    title: 'Not public yet',
    message: 'Your car is saved, but only you can see it until it has a photo. Add at least one photo and save.',
  },
  primaryImageFailed: 'Failed to update primary image',
  deleteImageFailed: 'Failed to delete image',
  imageAlreadyRemoved: 'Note: Image already removed or not found on the server',
} as const;
