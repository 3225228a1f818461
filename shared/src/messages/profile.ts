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
  noVehicles: 'No vehicles yet',
  addFirstVehicle: 'Add Your First Vehicle',
} as const;
