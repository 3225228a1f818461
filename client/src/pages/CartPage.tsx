import { PagePlaceholder } from '../components/PagePlaceholder';

// Placeholder: cart items, quantities and the order summary (spec part 2 §2 Cart).
export default function CartPage() {
  return <PagePlaceholder title="Your Cart" description="Prints and merchandise you have picked." />;
}
