import { Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../hooks/useDocumentTitle';

/** A screen whose content a later issue builds: its heading, a line about it, and any links it already needs. */
export function PagePlaceholder({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <Container size="lg">
      <Stack gap="md">
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{description}</Text>
        {children}
      </Stack>
    </Container>
  );
}
