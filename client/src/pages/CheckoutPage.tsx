import { PagePlaceholder } from '../components/PagePlaceholder';

// Placeholder: the two checkout steps and Stripe payment (spec part 2 §2 Checkout). Loaded on demand.
export default function CheckoutPage() {
  return <PagePlaceholder title="Checkout" description="Shipping information and card payment." />;
}
