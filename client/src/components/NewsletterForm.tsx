import { NEWSLETTER_MESSAGES } from '@curbside/shared';
import { Button, Group, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { notifyError, notifyToast } from '../lib/notify';
import { useTRPC } from '../lib/trpc';

const TEXT = NEWSLETTER_MESSAGES;

// The footer's basic check (part 1 §5): something, @, something, a dot, something.
// TODO(shared): use newsletterEmailOk from @curbside/shared once it lives in a module without zod schemas; imported
// from shared/src/newsletter.ts today it brings zod (23 KB gzip) into every page through the footer.
const BASIC_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const newsletterEmailOk = (email: string) => BASIC_EMAIL.test(email.trim());

/** Footer newsletter sign-up: idle → submitting → subscribed (the form is then replaced by a thank-you). */
export function NewsletterForm() {
  const trpc = useTRPC();
  const [email, setEmail] = useState('');
  const subscribe = useMutation(trpc.newsletter.subscribe.mutationOptions());

  if (subscribe.isSuccess) {
    return (
      <Text size="sm" role="status">
        {TEXT.thanks}
      </Text>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!newsletterEmailOk(email)) {
      notifyError(TEXT.invalidEmail);
      return;
    }
    subscribe.mutate(
      { email: email.trim(), source: 'footer' },
      {
        onSuccess: () => notifyToast(TEXT.subscribed),
        onError: (error) => notifyError(TEXT.failed, error),
      },
    );
  };

  return (
    // data-island: sent by the islands' script on an islands page (islands/newsletter.ts).
    <form onSubmit={onSubmit} noValidate aria-label="Newsletter sign-up" data-island="newsletter">
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          type="email"
          aria-label="Email address"
          placeholder="you@example.com"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          disabled={subscribe.isPending}
          style={{ flex: 1 }}
        />
        <Button type="submit" loading={subscribe.isPending} data-island-action="subscribe">
          Subscribe
        </Button>
      </Group>
    </form>
  );
}
