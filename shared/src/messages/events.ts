/**
 * The events screen (part 1 §2). One name for one thing: the navigation's "Events", the page's 'Upcoming Events'
 * (the spec's heading), and every link to it says "Upcoming Events" (the spec's footer and home page call it "Upcoming
 * Meets").
 */
export const EVENTS_MESSAGES = {
  title: 'Upcoming Events',
  loadError: 'Error loading events. Please try again later.',
  empty: 'No Upcoming Events',
  viewFacebookEvent: 'View Facebook Event',
  /** Chosen: an event card's .ics download. */
  addToCalendar: 'Add to Calendar',
  addToCalendarLabel: (title: string) => `Add to Calendar: ${title}`,
} as const;
