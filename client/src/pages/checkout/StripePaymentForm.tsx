import '@mantine/core/styles/Alert.css';
import { MESSAGES } from '@curbside/shared';
import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useEffect, useState } from 'react';
import { notifyError } from '../../lib/notify';

// Loaded only by the checkout's payment step (its own chunk): Stripe.js and the Payment Element.

const stripeByKey = new Map<string, Promise<Stripe | null>>();

function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = stripeByKey.get(publishableKey);
  if (!promise) {
    // Stripe.js comes from Stripe's servers; when they cannot be reached the form says so instead of hanging.
    promise = loadStripe(publishableKey).catch(() => null);
    stripeByKey.set(publishableKey, promise);
  }
  return promise;
}

export default function StripePaymentForm(props: {
  publishableKey: string;
  clientSecret: string;
  onPaid: (paymentId: string) => void;
}) {
  const [stripe, setStripe] = useState<Stripe | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void stripeFor(props.publishableKey).then((loaded) => {
      if (live) setStripe(loaded);
    });
    return () => {
      live = false;
    };
  }, [props.publishableKey]);

  if (stripe === undefined) {
    return (
      <Center py="md">
        <Loader />
      </Center>
    );
  }
  if (stripe === null) {
    return (
      <Alert color="red" title={MESSAGES.checkout.initFailed}>
        The card form could not be loaded. Check your connection and try again.
      </Alert>
    );
  }
  return (
    <Elements stripe={stripe} options={{ clientSecret: props.clientSecret, appearance: { theme: 'night' } }}>
      <ConfirmForm onPaid={props.onPaid} />
    </Elements>
  );
}

function ConfirmForm({ onPaid }: { onPaid: (paymentId: string) => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    try {
      const result = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: `${window.location.origin}/order-success` },
        redirect: 'if_required',
      });
      if (result.error) {
        notifyError({
          title: MESSAGES.checkout.paymentFailed.title,
          message: result.error.message ?? MESSAGES.checkout.paymentFailed.message,
        });
      } else if (result.paymentIntent?.status === 'succeeded' || result.paymentIntent?.status === 'processing') {
        onPaid(result.paymentIntent.id);
      } else {
        notifyError(MESSAGES.checkout.paymentFailed);
      }
    } catch {
      notifyError(MESSAGES.checkout.paymentError);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)}>
      <Stack gap="sm">
        <PaymentElement />
        <Button type="submit" loading={busy} disabled={!stripe || !elements}>
          Pay Now
        </Button>
      </Stack>
    </form>
  );
}
