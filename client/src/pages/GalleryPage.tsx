import { PagePlaceholder } from '../components/PagePlaceholder';

// Placeholder: category filters, search, card grid and Load More (spec part 1 §2 Gallery).
export default function GalleryPage() {
  return (
    <PagePlaceholder
      title="Car Gallery"
      description="Browse every car photographed at our meets, filter by category and search by make, model or owner."
    />
  );
}
