import type { ToastText } from './toast';

/** Suspensions (issue 41 part 6): the server's refusals, the e-mails and the admin's Users tab. All chosen. */
export const SUSPENSION_MESSAGES = {
  /** Signing in to a suspended account (after the right password), and an API token of one. */
  accountSuspended: 'This account has been suspended. You cannot sign in until an admin lifts the suspension.',
  userNotFound: 'User not found',
  alreadySuspended: 'This account is already suspended.',
  notSuspended: 'This account is not suspended.',
  cannotSuspendSelf: 'You cannot suspend your own account.',
  cannotSuspendAdmin: 'An admin account cannot be suspended. Remove its admin role first.',
  noteRequired: 'Please say why the account is suspended.',
  mail: {
    suspendedSubject: (site: string) => `Your ${site} account has been suspended`,
    suspendedText: (name: string, site: string, note: string) =>
      [
        `Hi ${name},`,
        '',
        `Your ${site} account has been suspended by an admin. While it is suspended you cannot sign in, your API tokens do not work, and your cars are not shown on the site.`,
        '',
        'The reason given:',
        note,
        '',
        'If you think this is a mistake, reply to this e-mail.',
      ].join('\n'),
    liftedSubject: (site: string) => `Your ${site} account is active again`,
    liftedText: (name: string, site: string, note: string | null) =>
      [
        `Hi ${name},`,
        '',
        `The suspension of your ${site} account has been lifted: you can sign in again, and your cars are back on the site.`,
        ...(note ? ['', note] : []),
      ].join('\n'),
  },
  tab: {
    title: 'Users',
    searchLabel: 'Find a user',
    searchPlaceholder: 'Username or e-mail',
    searchHint: 'Type at least two characters of a username or an e-mail address.',
    noMatch: 'No users match.',
    suspend: 'Suspend',
    lift: 'Lift Suspension',
    suspended: 'Suspended',
    active: 'Active',
    admin: 'Admin',
    noteLabel: 'Note',
    suspendNotePlaceholder: 'Why the account is suspended (the user gets it by e-mail)',
    liftNotePlaceholder: 'Optional: a word to the user',
    suspendTitle: (user: string) => `Suspend ${user}?`,
    suspendIntro:
      'They are signed out everywhere, their API tokens stop working and their cars leave the public pages. Their votes are kept.',
    liftTitle: (user: string) => `Lift the suspension of ${user}?`,
    liftIntro: 'They can sign in again and their cars return to the public pages with their votes.',
    currentTitle: 'Suspended Accounts',
    noneSuspended: 'No account is suspended.',
    hiddenCars: (count: number) => (count === 1 ? '1 car hidden' : `${count} cars hidden`),
    historyTitle: 'Suspension Record',
    noHistory: 'No suspensions yet.',
    suspendedAction: 'Suspended',
    liftedAction: 'Lifted',
    by: (admin: string) => `by ${admin}`,
    done: {
      suspended: (user: string): ToastText => ({ title: 'Success!', message: `${user} was suspended.` }),
      lifted: (user: string): ToastText => ({ title: 'Success!', message: `The suspension of ${user} was lifted.` }),
    },
    failed: { title: 'Suspension not changed' },
    fetchError: 'Failed to fetch users',
  },
} as const;
