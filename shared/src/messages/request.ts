/** The request helper (part 1 §7). */
export const REQUEST_MESSAGES = {
  authenticationRequired: 'Authentication required',
} as const;
