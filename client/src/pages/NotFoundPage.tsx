import { MESSAGES } from '@curbside/shared';
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { useDocumentTitle } from '../hooks/useDocumentTitle';

export default function NotFoundPage() {
  useDocumentTitle('Page Not Found');
  return (
    <Container size="sm" py="xl">
      <Stack align="center" ta="center" gap="md">
        <Title order={1}>{MESSAGES.notFound.title}</Title>
        <Text c="dimmed">{MESSAGES.notFound.text}</Text>
        <Button component={Link} href="/">
          Back to Home
        </Button>
      </Stack>
    </Container>
  );
}
