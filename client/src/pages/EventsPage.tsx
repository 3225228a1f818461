import { PagePlaceholder } from '../components/PagePlaceholder';

// Placeholder: event cards and advertisements (spec part 1 §2 Events).
export default function EventsPage() {
  return (
    <PagePlaceholder
      title="Upcoming Events"
      description="Car meets and shows where our photographers will be shooting."
    />
  );
}
