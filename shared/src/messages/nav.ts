export const NAV_MESSAGES = {
  loginToViewCart: 'Login to view cart',
} as const;
