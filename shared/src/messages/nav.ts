export const NAV_MESSAGES = {
  loginToViewCart: 'Login to view cart',
  /** The burger's name on a phone, by whether its menu is open. */
  menuButton: (open: boolean) => (open ? 'Close navigation menu' : 'Open navigation menu'),
} as const;
