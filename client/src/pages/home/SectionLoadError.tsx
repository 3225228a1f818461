import { FETCH_ERROR_MESSAGES, LOAD_ERROR_MESSAGES } from '@curbside/shared';
import { BACK_TO_GALLERY, LoadError } from '../../components/LoadError';

const SECTIONS = {
  topCars: { message: FETCH_ERROR_MESSAGES.monthlyTopCars, explanation: LOAD_ERROR_MESSAGES.topCars },
  featuredCars: { message: FETCH_ERROR_MESSAGES.featuredCars, explanation: LOAD_ERROR_MESSAGES.featuredCars },
} as const;

/**
 * A home section's load error. Its own chunk: the home page's first-load JavaScript is at its budget, and a failed
 * section is rare (the server renders the page with its data).
 */
export default function SectionLoadError({
  section,
  query,
}: {
  section: keyof typeof SECTIONS;
  query: { refetch: () => unknown; isFetching: boolean };
}) {
  return <LoadError {...SECTIONS[section]} query={query} back={BACK_TO_GALLERY} />;
}
