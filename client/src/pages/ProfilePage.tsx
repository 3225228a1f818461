import { PagePlaceholder } from '../components/PagePlaceholder';

// Placeholder: profile header, Account Settings and Security tabs, My Vehicles (spec part 1 §2 My Profile).
export default function ProfilePage() {
  return <PagePlaceholder title="My Profile" description="Your account settings, password and vehicles." />;
}
