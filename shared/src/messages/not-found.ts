export const NOT_FOUND_MESSAGES = {
  title: '404 Page Not Found',
  text: 'Did you forget to add the page to the router?',
} as const;
