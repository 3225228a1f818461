import { MESSAGES } from '@curbside/shared';
import { Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';

/** Part 2 §2: what a signed-out visitor sees on /upload. */
export function SignedOutPanel() {
  return (
    <Container size={520} py="xl">
      <Paper withBorder radius="lg" p="xl">
        <Stack align="center" ta="center">
          <Title order={1} fz="h2">
            {MESSAGES.upload.authRequiredTitle}
          </Title>
          <Text>{MESSAGES.upload.authRequiredText}</Text>
          <Button component={Link} href="/auth">
            {MESSAGES.upload.signInButton}
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
