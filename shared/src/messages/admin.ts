import { formatOrderNumber } from '../order-number';
import type { ToastText } from './toast';

/** Part 2 §8's title of every successful admin change; the message (chosen) says what changed. */
const success = (message: string): ToastText => ({ title: 'Success!', message });

export const ADMIN_MESSAGES = {
  success,
  /** Chosen: what each 'Success!' toast says. */
  done: {
    saved: (name: string, created: boolean) => success(created ? `${name} was added.` : `${name} was saved.`),
    deleted: (name: string) => success(`${name} was deleted.`),
    activeChanged: (name: string, active: boolean) =>
      success(active ? `${name} is now active.` : `${name} is now inactive.`),
    carFeatured: (car: string, featured: boolean) =>
      success(featured ? `${car} is now featured.` : `${car} is no longer featured.`),
    orderStatus: (orderId: number, status: string) => success(`Order ${formatOrderNumber(orderId)} is now ${status}.`),
    orderCanceled: (orderId: number) => success(`Order ${formatOrderNumber(orderId)} was canceled.`),
    settingsSaved: success('The site settings were saved.'),
    carSubmitted: (car: string) => success(`${car} was submitted.`),
    carSaved: (car: string) => success(`Your changes to ${car} were saved.`),
    primaryPhoto: success('The main photo was changed.'),
    photoDeleted: success('The photo was deleted.'),
  },
  deleteConfirm: 'This action cannot be undone.',
  cancelOrderConfirm: (orderId: number) =>
    `Are you sure you want to cancel order ${formatOrderNumber(orderId)}? This action cannot be undone.`,
  ordersNoMatch: 'No orders match your filter criteria.',
  ordersNone: 'No orders found in the database.',
  ordersLoading: 'Loading orders...',
  noCategoryData: 'No category data available.',
  saving: 'Saving...',
  uploadImageFailed: 'Failed to upload image',
  adImageRequired: { title: 'Image Required', message: 'Please upload an image or provide an image URL.' },
  /** Chosen: toast titles of failed admin changes (with the server's message). */
  updateFailed: { title: 'Update failed' },
  deleteFailed: { title: 'Delete failed' },
  saveFailed: { title: 'Save failed' },
} as const;
