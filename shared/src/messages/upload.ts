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
  primaryImageFailed: 'Failed to update primary image',
  deleteImageFailed: 'Failed to delete image',
  imageAlreadyRemoved: 'Note: Image already removed or not found on the server',
  /** Files the photo picker refused before any upload (chosen): the file and the reason in a person's words. */
  filesNotAdded: 'Some files were not added',
  fileNotAPhoto: (fileName: string) =>
    `${fileName} is not a photo we can use. Choose a JPEG, PNG, WebP, GIF or AVIF image.`,
  fileTooLarge: (fileName: string, maxMb: number) => `${fileName} is larger than ${maxMb} MB. Choose a smaller photo.`,
  fileNotAdded: (fileName: string) => `${fileName} could not be added. Choose another photo.`,
} as const;
