import { formatOrderNumber } from '../order-number';

export const ADMIN_MESSAGES = {
  success: { title: 'Success!' },
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
