import '@mantine/core/styles/Alert.css';
import { MESSAGES, testCardPaymentInputSchema } from '@curbside/shared';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { notifyError } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';

/**
 * The built-in test provider's card form (no Stripe keys set). Clearly marked: no card is charged.
 * 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined with the provider's message.
 */
export function TestCardForm(props: { paymentId: string; clientSecret: string; onPaid: (paymentId: string) => void }) {
  const trpc = useTRPC();
  const pay = useMutation(trpc.checkout.payWithTestCard.mutationOptions());
  const [cardNumber, setCardNumber] = useState('');
  const [expiry, setExpiry] = useState('12/34');
  const [cvc, setCvc] = useState('123');
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setFailure(null);
    // Checked here with the server's own rule, so the form says what is wrong in its words, not the field's name.
    const typed = testCardPaymentInputSchema.shape.cardNumber.safeParse(cardNumber);
    if (!typed.success) {
      setFailure(typed.error.issues[0]?.message ?? MESSAGES.cardForm.cardNumberIncomplete);
      return;
    }
    try {
      await pay.mutateAsync({ paymentId: props.paymentId, clientSecret: props.clientSecret, cardNumber });
      props.onPaid(props.paymentId);
    } catch (error) {
      const message = errorMessage(error, MESSAGES.checkout.paymentFailed.message ?? '');
      setFailure(message);
      notifyError(MESSAGES.checkout.paymentFailed, error);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="sm">
        <Alert color="yellow" variant="light" title="Test mode — no real card is charged">
          Pay with 4242 4242 4242 4242 (any future date, any CVC). 4000 0000 0000 0002 shows a declined card.
        </Alert>
        <TextInput
          label="Card number"
          // No placeholder: the test card's number in grey looked filled in (the alert above says what to type).
          inputMode="numeric"
          autoComplete="off"
          value={cardNumber}
          onChange={(e) => setCardNumber(e.currentTarget.value)}
          error={failure}
          required
        />
        <Group grow>
          <TextInput label="Expiry (MM/YY)" value={expiry} onChange={(e) => setExpiry(e.currentTarget.value)} />
          <TextInput label="CVC" value={cvc} onChange={(e) => setCvc(e.currentTarget.value)} />
        </Group>
        <Button type="submit" loading={pay.isPending}>
          Pay Now
        </Button>
      </Stack>
    </form>
  );
}
