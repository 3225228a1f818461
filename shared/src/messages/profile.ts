import { LIMITS } from '../limits';

export const PROFILE_MESSAGES = {
  loginRequired: { title: 'Authentication Required', message: 'Please log in to view your profile' },
  nameRequired: { title: 'Name Required', message: 'Please enter a display name' },
  updateFailed: { title: 'Update Failed' },
  profileUpdated: { title: 'Profile Updated' },
  nameUpdated: { title: 'Name Updated' },
  currentPasswordRequired: { title: 'Current Password Required' },
  newPasswordRequired: { title: 'New Password Required' },
  passwordTooShort: {
    title: 'Password Too Short',
    message: `Your new password must be at least ${LIMITS.newPasswordMin} characters long`,
  },
  passwordsDontMatch: { title: "Passwords Don't Match" },
  passwordUpdateFailed: { title: 'Password Update Failed' },
  passwordUpdated: { title: 'Password Updated' },
  uploadFailed: { title: 'Upload Failed', message: 'Failed to upload profile picture' },
  uploadSuccessful: { title: 'Upload Successful' },
  /** Sign out everywhere (chosen): the Security tab's second card. */
  signOutEverywhereTitle: 'Sign Out Everywhere',
  signOutEverywhereDescription: 'Signs you out on every browser and device, this one included.',
  signOutEverywhereRevokeTokens: 'Also revoke all my API tokens (scripts that use them stop working)',
  signOutEverywhereButton: 'Sign Out Everywhere',
  signedOutEverywhere: { title: 'Signed Out Everywhere', message: 'Please log in again.' },
  signOutEverywhereFailed: { title: 'Sign Out Failed' },
  /** Changing the e-mail address (chosen): a card of Account Settings. */
  emailTitle: 'E-mail Address',
  emailDescription: 'A link is sent to the new address; it replaces your current one once you follow it.',
  newEmailLabel: 'New E-mail Address',
  currentPasswordLabel: 'Current Password',
  changeEmailButton: 'Change E-mail',
  emailChangeRequested: (email: string) => ({
    title: 'Check Your Inbox',
    message: `We sent a link to ${email}. Your address changes once you follow it.`,
  }),
  emailChangeFailed: { title: 'E-mail Not Changed' },
  /** The badge beside the name: none for a plain user (their role says nothing to them). */
  roleBadge: { admin: 'Site admin', owner: 'Car owner' } as Partial<Record<'user' | 'owner' | 'admin', string>>,
  settingsTitle: 'Settings',
  viewCarPage: 'View car page',
  noVehicles: 'No vehicles yet',
  addFirstVehicle: 'Add Your First Vehicle',
} as const;
