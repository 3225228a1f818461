import { useSearch } from 'wouter';
import { PagePlaceholder } from '../components/PagePlaceholder';

// Placeholder: the car submission / edit form with photo upload (spec part 2 §2 Car submit/edit). Loaded on demand.
export default function UploadPage() {
  const editId = new URLSearchParams(useSearch()).get('edit');
  return editId ? (
    <PagePlaceholder title="Edit Your Car" description="Update the details and photos of your car." />
  ) : (
    <PagePlaceholder title="Submit Your Car" description="Tell the community about your car and upload your photos." />
  );
}
