import { z } from 'zod';
import { EMAIL_INPUT_DOCUMENTED, emailSchema } from './accounts';
import { MESSAGES } from './messages';

// Newsletter sign-up from the footer (part 1 §3, §4, §5, §7).

// Something, @, something, a dot, something; no spaces (part 1 §5).
const BASIC_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The footer form's check before it calls the server; on false it shows MESSAGES.newsletter.invalidEmail. */
export function newsletterEmailOk(email: string): boolean {
  return BASIC_EMAIL.test(email.trim());
}

/** POST /api/subscribe. The server checks the address more strictly than the footer does. */
export const subscribeInputSchema = z.object({
  email: z.string({ error: MESSAGES.validation.email }).pipe(emailSchema).meta(EMAIL_INPUT_DOCUMENTED),
  /** Where the form sits; only the footer exists today. */
  source: z
    .string()
    .trim()
    .regex(/^[a-z0-9_-]{1,40}$/, MESSAGES.validation.newsletterSourceInvalid)
    .default('footer'),
});
export type SubscribeInput = z.infer<typeof subscribeInputSchema>;

/** ok false comes with a message to show; subscribing an address twice is ok. */
export const subscribeOutputSchema = z.object({ ok: z.boolean(), message: z.string().optional() });
export type SubscribeOutput = z.infer<typeof subscribeOutputSchema>;
