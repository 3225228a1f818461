// Chosen texts of the admin's order fulfilment: search, photos to print, history, notes, packing slip,
// bulk changes, the CSV export and the refund choice when cancelling.
import { formatOrderNumber } from '../order-number';

export const FULFILMENT_MESSAGES = {
  searchLabel: 'Search orders',
  searchPlaceholder: 'Order number, customer name or e-mail',
  dateFrom: 'From (Central)',
  dateTo: 'To (Central)',
  dateRangeBackwards: 'The end date must not be before the start date',
  /** `exact` false: more orders match than `total` counts ("Page 2 of 40+ · 1,000+ orders"). */
  pageOf: (page: number, pages: number, total: number, exact = true) =>
    exact
      ? `Page ${page} of ${pages.toLocaleString('en-US')} · ${total.toLocaleString('en-US')} ${total === 1 ? 'order' : 'orders'}`
      : `Page ${page} of ${pages}+ · ${total.toLocaleString('en-US')}+ orders`,
  paymentStates: {
    paid: 'Paid',
    refunded: 'Refunded',
    partially_refunded: 'Partly refunded',
    refund_failed: 'Refund failed',
    not_refunded: 'Not refunded',
  },
  photoLargeEnough: (needW: number, needH: number) => `Large enough (${needW} × ${needH} px needed at 150 dpi)`,
  photoTooSmall: (needW: number, needH: number) =>
    `Too small for this print: ${needW} × ${needH} px are needed at 150 dpi`,
  photoSizeUnknown: 'Print size unknown: check the photo against the product before printing',
  photoGone: 'The photo has been deleted since the order was placed',
  downloadOriginal: 'Download original',
  photoNotFound: 'This order line has no photo to download',
  historyTitle: 'Status history',
  historyNone: 'No changes yet.',
  historyBy: (who: string) => `by ${who}`,
  historySystem: 'by the system',
  customerMessageLabel: 'Message to the customer',
  customerMessageHint: 'Shown on the customer’s order page.',
  internalNoteLabel: 'Internal note',
  internalNoteHint: 'Admins only; never shown to the customer.',
  saveInternalNote: 'Save internal note',
  internalNoteSaved: { title: 'Internal note saved' },
  packingSlip: 'Packing slip',
  printSlip: 'Print',
  shipTo: 'Ship to',
  returnAddress: 'Return address',
  bulkSelected: (count: number) => `${count} selected`,
  bulkMoveTo: (status: string) => `Move to ${status}`,
  bulkTrackingTitle: 'Tracking numbers',
  bulkResult: (ok: number, failed: number) =>
    failed === 0 ? `${ok} orders updated` : `${ok} updated, ${failed} not changed`,
  bulkTooMany: (max: number) => `Choose at most ${max} orders at once`,
  bulkStatusOnly: 'Several orders at once can only be moved to Processing or Shipped',
  exportCsv: 'Export CSV',
  /** Follows the spec's 'Are you sure you want to cancel order #…? This action cannot be undone.' */
  cancelRefundNote: (paid: string) => `The customer paid ${paid}. Cancelling can refund it: choose how much.`,
  refundFull: (total: string) => `Refund everything (${total})`,
  refundLabel: 'Refund',
  refundNone: 'No refund',
  refundPartial: 'Refund part of it',
  refundAmountLabel: 'Amount to refund ($)',
  refundTooMuch: (paid: string) => `The refund cannot be more than the ${paid} paid`,
  refundNotPositive: 'A partial refund must be more than $0.00',
  selectOrder: (id: number) => `Select order ${formatOrderNumber(id)}`,
  selectAll: 'Select all orders on this page',
  previousPage: 'Previous page',
  nextPage: 'Next page',
} as const;
