import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Button, Group, Paper, ScrollArea, SimpleGrid, Stack, Switch, Table, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { Figure, RowCard, useNarrow } from './narrow';
import { type AdminRecord, type RecordCalls, useRecordActions } from './record-actions';

export interface RecordColumn<T> {
  header: string;
  cell: (record: T) => ReactNode;
}

export interface RecordFormHandlers {
  /** After a successful save: closes the edit and reloads the lists. */
  onSaved: () => Promise<unknown>;
  onCancel: () => void;
}

export interface AdminRecordsTabProps<T extends AdminRecord> {
  /** 'Product', 'Event', 'Advertisement': the form headings say 'Add New …' and 'Edit …: name'. */
  noun: string;
  /** The heading of the list. */
  listTitle: string;
  records: UseQueryResult<T[], unknown>;
  /** The spec's text when the list cannot be loaded ('Failed to fetch events'). */
  fetchError: string;
  emptyText: string;
  /** The row's name: in the Edit heading, the Active switch's label and the delete question. */
  nameOf: (record: T) => string;
  /** The columns before Active and Actions. On a phone's card the first is its head, the others labelled figures. */
  columns: RecordColumn<T>[];
  rowTestId: string;
  tableMinWidth: number;
  calls: RecordCalls<T>;
  /** Paging controls under the list, for lists that can outgrow one page. */
  pager?: ReactNode;
  /** The create/edit form, given the record being edited (null: a new one) and what to do after Save or Cancel. */
  renderForm: (editing: T | null, handlers: RecordFormHandlers) => ReactNode;
}

/**
 * An admin tab that manages one kind of record (part 2 §2 products, events, advertisements): the form above, then the
 * list with an Active switch, Edit (fills the form) and Delete (after 'This action cannot be undone.') on each row;
 * on a phone, a card per row with the same controls.
 */
export function AdminRecordsTab<T extends AdminRecord>(props: AdminRecordsTabProps<T>) {
  const { noun, records, nameOf } = props;
  const [editing, setEditing] = useState<T | null>(null);
  const formRef = useRef<HTMLDivElement>(null);
  const narrow = useNarrow();
  const actions = useRecordActions<T>({
    ...props.calls,
    onDeleted: (record) => setEditing((current) => (current?.id === record.id ? null : current)),
    nameOf,
    deleteTitle: (record) => `Delete ${nameOf(record)}?`,
  });

  const formHandlers: RecordFormHandlers = {
    onSaved: async () => {
      setEditing(null);
      await props.calls.refresh();
    },
    onCancel: () => setEditing(null),
  };

  const startEditing = (record: T) => {
    setEditing(record);
    formRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };

  // A row's controls, the same in the table and on a phone's card.
  const activeSwitch = (record: T) => (
    // Named after the row, so a screen reader (and a test) can tell the switches apart.
    <Switch
      aria-label={`Active: ${nameOf(record)}`}
      {...actions.switchState(record)}
      onChange={(event) => actions.setActive(record, event.currentTarget.checked)}
    />
  );
  const rowActions = (record: T) => (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" variant="light" onClick={() => startEditing(record)}>
        Edit
      </Button>
      <Button size="xs" color="red" variant="light" onClick={() => actions.askDelete(record)}>
        Delete
      </Button>
    </Group>
  );

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg" ref={formRef}>
        <Stack>
          <Title order={2} fz="h3">
            {editing ? `Edit ${noun}: ${nameOf(editing)}` : `Add New ${noun}`}
          </Title>
          {/* A fresh form per record, so its fields start from that record. */}
          <div key={editing?.id ?? 'new'}>{props.renderForm(editing, formHandlers)}</div>
        </Stack>
      </Paper>

      <Title order={2} fz="h3">
        {props.listTitle}
      </Title>
      {records.isPending ? (
        <PageLoader />
      ) : records.isError ? (
        <LoadError message={props.fetchError} query={records} />
      ) : records.data.length === 0 ? (
        <Text c="dimmed">{props.emptyText}</Text>
      ) : narrow ? (
        <Stack gap="sm">
          {records.data.map((record) => {
            const [head, ...rest] = props.columns;
            return (
              <RowCard key={record.id} testId={props.rowTestId}>
                <Stack gap="xs">
                  {head ? <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>{head.cell(record)}</div> : null}
                  <SimpleGrid cols={2} spacing="xs">
                    {rest.map((column) => (
                      <Figure key={column.header} label={column.header} value={column.cell(record)} />
                    ))}
                    <Figure label="Active" value={activeSwitch(record)} />
                  </SimpleGrid>
                  <Group justify="flex-end">{rowActions(record)}</Group>
                </Stack>
              </RowCard>
            );
          })}
        </Stack>
      ) : (
        <ScrollArea type="auto">
          <Table striped highlightOnHover verticalSpacing="sm" miw={props.tableMinWidth}>
            <Table.Thead>
              <Table.Tr>
                {props.columns.map((column) => (
                  <Table.Th key={column.header}>{column.header}</Table.Th>
                ))}
                <Table.Th>Active</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {records.data.map((record) => (
                <Table.Tr key={record.id} data-testid={props.rowTestId}>
                  {props.columns.map((column) => (
                    <Table.Td key={column.header}>{column.cell(record)}</Table.Td>
                  ))}
                  <Table.Td>{activeSwitch(record)}</Table.Td>
                  <Table.Td>{rowActions(record)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      {props.pager}
      <ConfirmDialog {...actions.deleteDialog} />
    </Stack>
  );
}
