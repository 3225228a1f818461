import { Anchor } from '@mantine/core';
import { Link } from 'wouter';
import { PagePlaceholder } from '../components/PagePlaceholder';

// Placeholder: order history with status badges and the details dialog (spec part 1 §2 My Orders).
export default function OrdersPage() {
  return (
    <PagePlaceholder title="My Orders" description="Your order history and the status of each order.">
      <Anchor component={Link} href="/">
        Back to Home
      </Anchor>
    </PagePlaceholder>
  );
}
