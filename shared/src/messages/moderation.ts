/**
 * Reports, the review queue, the automatic hold and the approval of new cars (issue 41; all chosen, none in the spec).
 * The owner's e-mails never name who reported.
 */
export const MODERATION_MESSAGES = {
  // The Report control on a car's page.
  report: 'Report',
  reportTitle: 'Report this car',
  reportWhat: 'What are you reporting?',
  reportWholeCar: 'The whole car',
  reportShownPhoto: 'The photo shown',
  reportReason: 'Reason',
  reportDetails: 'Tell us more',
  reportDetailsRequired: 'Please say what is wrong',
  reportSend: 'Send report',
  reportReceived: {
    title: 'Report received',
    message: 'Thank you. An admin will review it; the owner is never told who reported.',
  },
  reportFailed: 'Could not send the report',
  reasons: {
    notStreetCar: 'Not a street car',
    offensive: 'Offensive',
    notTheirPhoto: "Someone else's photo",
    spam: 'Spam',
    other: 'Other',
  },
  // The server's refusals.
  alreadyReported: 'You have already reported this. An admin will review it.',
  reportsThrottled: 'You have sent many reports.',
  ownCar: 'You cannot report your own car.',
  photoNotOfCar: 'That photo is not one of this car’s photos.',
  actionNeedsPhoto: 'Choose the photo to remove.',
  actionNotForState: (action: string, state: string) =>
    `A car that is ${state} cannot be given the action "${action}".`,
  noOwnerToSuspend: 'This car has no owner to suspend.',
  // What the owner sees of a car that is not public.
  ownerStatus: {
    held: 'Under review',
    hidden: 'Under review',
    pending: 'Waiting for review',
    rejected: 'Not approved',
  },
  ownerStatusText: {
    held: 'Some visitors reported this car, so it is hidden from the gallery until an admin has looked at it.',
    hidden: 'An admin has hidden this car. We sent you an e-mail saying why.',
    pending:
      'New cars, and changes to public cars, are checked by an admin before they are public. Only you can see it until then.',
    rejected: (reason: string) => `An admin did not approve this car: ${reason}`,
  },
  // What an admin reads on the page of a car the public cannot see (everyone else gets "Car not found").
  adminView: {
    title: 'Not public: visitors get “Car not found”',
    held: 'Reports reached the threshold, so it is held until an admin decides in the Review tab.',
    hidden: (note: string) => (note ? `An admin hid it: ${note}` : 'An admin hid it.'),
    pending: 'It waits for an admin’s approval in the Review tab.',
    rejected: (note: string) => (note ? `An admin did not approve it: ${note}` : 'An admin did not approve it.'),
    ownerSuspended: 'Its owner is suspended (Users tab).',
    noPhoto: 'It has no photo yet.',
  },
  // The admin's Review tab.
  reviewTab: 'Review',
  queueTitle: 'Review Queue',
  queueEmpty: 'Nothing waits for review.',
  actionsTitle: 'Recorded Actions',
  actionsEmpty: 'No actions yet.',
  note: 'Note (sent to the owner)',
  noteRequired: 'Write a note: the owner is told what was done and why.',
  actionLabels: {
    dismiss: 'Dismiss',
    hide: 'Hide the car',
    removePhoto: 'Remove the photo',
    approve: 'Approve',
    reject: 'Reject',
    suspendOwner: 'Suspend owner',
  },
  actionDone: {
    dismiss: 'Reports dismissed',
    hide: 'Car hidden',
    removePhoto: 'Photo removed',
    approve: 'Car approved',
    reject: 'Car rejected',
    suspendOwner: 'Owner suspended',
  },
  newCar: 'New car waiting for approval',
  editedCar: 'Edited car waiting for approval',
  changed: (parts: string[]) => `Changed: ${parts.join(', ')}`,
  /** The parts of a car an edit may change (shared EDITED_PARTS), as the queue names them. */
  editedParts: {
    make: 'make',
    model: 'model',
    year: 'year',
    category: 'category',
    ownerName: 'owner name',
    specs: 'specifications',
    story: 'story',
    additionalSpecs: 'additional specs',
    photos: 'photos',
  },
  setAsideTitle: 'Hidden and Rejected Cars',
  setAsideEmpty: 'No car is hidden or rejected.',
  setAsideHelp: 'Approve one to make it public again.',
  // Site settings.
  settingsTitle: 'Moderation',
  /** Not the site settings' 'Save Settings': both forms are on one tab, and each button needs a name of its own. */
  saveSettings: 'Save Moderation Settings',
  holdThreshold: 'Reports before an automatic hold',
  holdThresholdHelp: 'Distinct signed-in users whose open reports hide a car until an admin decides.',
  reviewNewCars: 'Review new cars before they are public',
  reviewNewCarsHelp: 'New cars wait in the Review tab until an admin approves them.',
  reviewEdits: 'Review edits to approved cars',
  reviewEditsHelp:
    'While new cars are reviewed, a member’s change to the texts or photos of a public car takes it off the public pages until an admin approves it again.',
  settingsSaved: 'Moderation settings saved',
} as const;
