import { Anchor } from '@mantine/core';
import { Link, useParams } from 'wouter';
import { PagePlaceholder } from '../components/PagePlaceholder';

// Placeholder: images, votes, story and specs, owner card, sharing and print purchase (spec part 1 §2 Car detail).
export default function CarDetailPage() {
  const { slug } = useParams<{ slug: string }>();
  return (
    <PagePlaceholder title="Car Details" description={`Photos, story and specifications of ${slug}.`}>
      <Anchor component={Link} href="/gallery">
        Back to Gallery
      </Anchor>
    </PagePlaceholder>
  );
}
