export const NEWSLETTER_MESSAGES = {
  invalidEmail: { title: 'Invalid Email', message: 'Please enter a valid email address.' },
  subscribed: { title: 'Subscribed!', message: 'Thank you for subscribing to our newsletter.' },
  /** Title, with the server's message or this fallback text. */
  failed: { title: 'Subscription Failed', message: 'An error occurred. Please try again later.' },
  /** When the server says no but gives no message. */
  rejectedWithoutMessage: 'Failed to subscribe. Please try again.',
  /** In the form's place once subscribed. */
  thanks: 'Thanks for subscribing! Meet announcements and new featured cars are on their way to your inbox.',
} as const;
