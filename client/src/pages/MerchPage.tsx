import { PagePlaceholder } from '../components/PagePlaceholder';

// Placeholder: product grid, lightbox, quantity and Add to Cart (spec part 1 §2 Merchandise).
export default function MerchPage() {
  return (
    <PagePlaceholder title="Merchandise" description="Apparel, stickers and QR-code merch from the Curbside shop." />
  );
}
