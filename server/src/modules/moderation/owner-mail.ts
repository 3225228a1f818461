import type { ReviewAction } from '@curbside/shared';
import type { MailMessage } from '../../lib/mailer';

interface MailFacts {
  carName: string;
  /** The admin's note: why. */
  note: string;
  siteName: string;
  /** The car's page. */
  link: string;
}

/** Suspending the owner is mailed by the suspensions domain (its e-mail carries the admin's note). */
type MailedAction = Exclude<ReviewAction, 'suspendOwner'>;

const SIGN_OFF = 'If you think this is a mistake, reply to this e-mail and an admin will look at it again.';

/**
 * The e-mail an owner gets when an admin acts on their car: what was done and why (the admin's note). It never says
 * who reported, nor how many did.
 */
export function ownerMail(action: MailedAction, facts: MailFacts): Omit<MailMessage, 'to'> {
  const { carName, note, siteName, link } = facts;
  const why = ['', `Reason given by our admin: ${note}`, ''];
  const texts: Record<MailedAction, { subject: string; lines: string[] }> = {
    dismiss: {
      subject: `Your ${carName} is public again on ${siteName}`,
      lines: [`We reviewed the reports about your ${carName} and left it as it is: it is public again.`, ...why],
    },
    hide: {
      subject: `Your ${carName} has been hidden on ${siteName}`,
      lines: [
        `An admin has hidden your ${carName}: it no longer shows in the gallery, search or rankings. You can still see it on your profile.`,
        ...why,
        SIGN_OFF,
      ],
    },
    removePhoto: {
      subject: `A photo of your ${carName} was removed on ${siteName}`,
      lines: [`An admin removed one photo of your ${carName}.`, ...why, SIGN_OFF],
    },
    approve: {
      subject: `Your ${carName} is now public on ${siteName}`,
      lines: [
        `An admin approved your ${carName}: it now shows in the gallery.`,
        '',
        `Note from our admin: ${note}`,
        '',
      ],
    },
    reject: {
      subject: `Your ${carName} was not approved on ${siteName}`,
      lines: [`An admin did not approve your ${carName}, so it stays visible only to you.`, ...why, SIGN_OFF],
    },
  };
  const { subject, lines } = texts[action];
  return { subject, text: [...lines, '', `Your car: ${link}`].join('\n'), link };
}
