import { LOAD_ERROR_MESSAGES } from '@curbside/shared';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'wouter';

const T = LOAD_ERROR_MESSAGES;

/** Where a load error sends the visitor instead: a page that does not depend on what failed. */
export interface LoadErrorWayBack {
  href: string;
  label: string;
}

export const BACK_HOME: LoadErrorWayBack = { href: '/', label: T.backHome };
export const BACK_TO_GALLERY: LoadErrorWayBack = { href: '/gallery', label: T.backToGallery };

export interface LoadErrorProps {
  /** The screen's error text (the spec's words where it quotes them: tests and people look for them). */
  message: string;
  /** The same thing said plainly, shown first, where the spec's text is a developer's wording. */
  explanation?: string;
  /** The failed query (TanStack's result): Try Again refetches it and spins while it does. */
  query: { refetch: () => unknown; isFetching: boolean };
  /** A way forward that does not need the data; null where the screen is itself the place to go back to. */
  back?: LoadErrorWayBack | null;
}

/**
 * Every screen's "could not load" state: what failed, Try Again (a refetch: the cache never retries on its own),
 * and a way back, so a failed request is never a dead end.
 */
export function LoadError({ message, explanation, query, back = BACK_HOME }: LoadErrorProps) {
  return (
    <Paper withBorder radius="md" p="lg" role="alert" data-testid="load-error">
      <Stack gap="sm" align="flex-start">
        {explanation ? (
          <>
            <Text fw={600}>{explanation}</Text>
            <Text size="sm" c="dimmed">
              {message}
            </Text>
          </>
        ) : (
          <Text fw={600}>{message}</Text>
        )}
        <Group gap="sm">
          <Button onClick={() => query.refetch()} loading={query.isFetching}>
            {T.retry}
          </Button>
          {back ? (
            <Button component={Link} href={back.href} variant="default">
              {back.label}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}
