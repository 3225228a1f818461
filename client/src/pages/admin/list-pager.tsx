import { MESSAGES } from '@curbside/shared';
import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';

const F = MESSAGES.fulfilment;

/** Rows on one page of the admin's car and product lists. */
export const ADMIN_LIST_PAGE = 50;

/**
 * The list call of page `page` (from 0): one row more than a page, so the response itself says whether a next page
 * exists (the public list calls return plain arrays, as the spec's, without a total).
 */
export const adminPageQuery = (page: number) => ({ limit: ADMIN_LIST_PAGE + 1, offset: page * ADMIN_LIST_PAGE });

/** The rows to show of a page's response (without the look-ahead row). */
export const pageRows = <T,>(rows: T[]) => rows.slice(0, ADMIN_LIST_PAGE);

/**
 * Keyset paging of an admin list (the lists that grow with the site: cars, orders): the cursor of each page visited,
 * so Next asks for the page after the last row shown and Previous goes back to a cursor already known.
 */
export function useCursorPages() {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const page = cursors.length - 1;
  return {
    /** From 0. */
    page,
    /** Where this page starts; undefined on the first. */
    cursor: cursors[page],
    next: (cursor: string) => setCursors((list) => [...list, cursor]),
    previous: () => setCursors((list) => (list.length > 1 ? list.slice(0, -1) : list)),
    /** Back to the first page (the filters changed). */
    reset: () => setCursors([undefined]),
  };
}
export type CursorPages = ReturnType<typeof useCursorPages>;

/** Previous and Next under a list paged by cursor; hidden while everything fits on the first page. */
export function CursorPager({ pages, nextCursor }: { pages: CursorPages; nextCursor: string | null | undefined }) {
  if (pages.page === 0 && !nextCursor) return null;
  const current = pages.page + 1;
  return (
    <Group justify="flex-end">
      <PageButtons
        page={current}
        pages={nextCursor ? current + 1 : current}
        onChange={(wanted) => (wanted > current ? nextCursor && pages.next(nextCursor) : pages.previous())}
      />
    </Group>
  );
}

/** Previous and Next under an admin list; hidden while everything fits on the first page. */
export function ListPager({
  page,
  rows,
  onChange,
}: {
  page: number;
  /** The page's response, look-ahead row included; undefined while loading. */
  rows: unknown[] | undefined;
  onChange: (page: number) => void;
}) {
  const hasNext = (rows?.length ?? 0) > ADMIN_LIST_PAGE;
  if (page === 0 && !hasNext) return null;
  return (
    <Group justify="flex-end">
      <PageButtons page={page + 1} pages={hasNext ? page + 2 : page + 1} onChange={(next) => onChange(next - 1)} />
    </Group>
  );
}

/** Previous, 'Page n' (of all, when known) and Next; pages count from 1. */
export function PageButtons({
  page,
  pages,
  total,
  totalExact = true,
  onChange,
}: {
  page: number;
  pages: number;
  /** Known for the orders (their search counts them), so the text says 'of …'. */
  total?: number;
  /** False when more match than `total` counts. */
  totalExact?: boolean;
  onChange: (page: number) => void;
}) {
  return (
    // On one line even on a 390 px phone: the text wraps inside, the buttons stay on either side of it.
    <Group gap="sm" wrap="nowrap">
      <Button
        variant="default"
        size="xs"
        style={{ flexShrink: 0 }}
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
      >
        {F.previousPage}
      </Button>
      <Text size="sm" ta="center">
        {total === undefined ? `Page ${page}` : F.pageOf(page, pages, total, totalExact)}
      </Text>
      <Button
        variant="default"
        size="xs"
        style={{ flexShrink: 0 }}
        disabled={page >= pages}
        onClick={() => onChange(page + 1)}
      >
        {F.nextPage}
      </Button>
    </Group>
  );
}
