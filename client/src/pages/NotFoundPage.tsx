import { MESSAGES } from '@curbside/shared';
import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { useDocumentTitle } from '../hooks/useDocumentTitle';

const T = MESSAGES.notFound;

/** Any other path (part 1 §2): what happened, a way on, then the spec's own sentence in small print. */
export default function NotFoundPage() {
  useDocumentTitle('Page Not Found');
  return (
    <Container size="sm" py="xl">
      <Stack align="center" ta="center" gap="md">
        <Title order={1}>{T.title}</Title>
        <Text size="lg">{T.help}</Text>
        <Group justify="center">
          <Button component={Link} href="/gallery">
            {T.browseGallery}
          </Button>
          <Button component={Link} href="/" variant="default">
            {T.backHome}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {T.text}
        </Text>
      </Stack>
    </Container>
  );
}
