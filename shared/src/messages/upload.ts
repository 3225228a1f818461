import { AUTH_REQUIRED_TITLE } from './login-required';
import type { ToastText } from './toast';

/** Car submit and edit (part 2 §2, §5, §8). */
export const UPLOAD_MESSAGES = {
  authRequiredTitle: AUTH_REQUIRED_TITLE,
  authRequiredText: 'You need to be logged in to submit or edit a car.',
  signInButton: 'Sign In or Register',
  /** Chosen: under the button, that signing in comes back here. */
  signInReturns: "You'll come straight back to the form afterwards.",
  /** Chosen: the sign-in page's line for a visitor on the way to the form. */
  signInReason: "Log in or register to submit your car. You'll go straight on to the form.",
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
} as const;
