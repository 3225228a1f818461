export const EVENTS_MESSAGES = {
  title: 'Upcoming Events',
  loadError: 'Error loading events. Please try again later.',
  empty: 'No Upcoming Events',
  viewFacebookEvent: 'View Facebook Event',
} as const;
