import { PagePlaceholder } from '../components/PagePlaceholder';

// Placeholder: confetti, order number and the follow-up links (spec part 2 §2 Order success).
export default function OrderSuccessPage() {
  return (
    <PagePlaceholder
      title="Thank You for Your Order!"
      description="Your payment went through and your order is being prepared."
    />
  );
}
