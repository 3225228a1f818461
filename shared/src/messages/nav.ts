export const NAV_MESSAGES = {
  loginToViewCart: 'Login to view cart',
  /** The burger's name on a phone, by whether its menu is open. */
  menuButton: (open: boolean) => (open ? 'Close navigation menu' : 'Open navigation menu'),
  /**
   * Signing out, from the header's menus. Here rather than with the other account messages: the header is in every
   * page's first download, and the account messages are not needed there.
   */
  logoutSuccess: { title: 'Logged out successfully' },
  logoutFailed: { title: 'Logout failed' },
} as const;
