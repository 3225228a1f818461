import { PagePlaceholder } from '../components/PagePlaceholder';

// Placeholder: the admin tabs (spec part 2 §2 Admin dashboard). Loaded on demand, admins only.
export default function AdminPage() {
  return (
    <PagePlaceholder
      title="Admin Dashboard"
      description="Manage cars, submissions, products, orders, events, advertisements, statistics and site settings."
    />
  );
}
