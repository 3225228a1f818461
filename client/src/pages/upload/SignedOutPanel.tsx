import { MESSAGES } from '@curbside/shared';
import { Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation, useSearch } from 'wouter';
import { signInPath } from '../../lib/return-to';

/** Part 2 §2: what a signed-out visitor sees on /upload; signing in returns here (with ?edit= when it had one). */
export function SignedOutPanel() {
  const [path] = useLocation();
  const search = useSearch();
  return (
    <Container size={520} py="xl">
      <Paper withBorder radius="lg" p="xl">
        <Stack align="center" ta="center">
          <Title order={1} fz="h2">
            {MESSAGES.upload.authRequiredTitle}
          </Title>
          <Text>{MESSAGES.upload.authRequiredText}</Text>
          <Button component={Link} href={signInPath(`${path}${search ? `?${search}` : ''}`)}>
            {MESSAGES.upload.signInButton}
          </Button>
          <Text size="sm" c="dimmed">
            {MESSAGES.upload.signInReturns}
          </Text>
        </Stack>
      </Paper>
    </Container>
  );
}
