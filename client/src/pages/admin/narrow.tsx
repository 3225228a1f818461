import '@mantine/core/styles/Paper.css';
import { Paper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

// The admin lists on a phone: below Mantine's sm breakpoint (48em), e.g. 390 px, a card per row instead of a table
// that would scroll sideways; from 48em the table. Every tab does it this way (Cars, Orders, Review, Users, Fair Votes).

/** True below 48em. Read at once (not after a first render), so a phone never flashes the table. */
export const useNarrow = () => useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });

/** A table's row as a card on a phone. */
export function RowCard({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <Paper withBorder p="sm" radius="md" data-testid={testId}>
      {children}
    </Paper>
  );
}

/** One label and its value in a card: what the table's column heading said, above the cell. */
export function Figure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} component="div">
        {value}
      </Text>
    </div>
  );
}
