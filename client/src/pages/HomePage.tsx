import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { useDocumentTitle } from '../hooks/useDocumentTitle';

// Placeholder: hero, top cars of the month, banner ad, how it works, featured slider and the print-shop promotion
// come with the home-page issue (spec part 1 §2 Home).
export default function HomePage() {
  useDocumentTitle();
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg" maw={720}>
        <Title order={1} fz={{ base: 40, md: 56 }} lh={1.05}>
          Street cars, shot where they live.
        </Title>
        <Text size="lg" c="dimmed">
          Curbside photographs cars at local meets, lets the community vote for the best of the month, and turns the
          photos into prints for your wall.
        </Text>
        <Group>
          <Button component={Link} href="/upload" size="md">
            Get Your Car Featured
          </Button>
          <Button component={Link} href="/gallery" size="md" variant="outline">
            View Gallery
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
