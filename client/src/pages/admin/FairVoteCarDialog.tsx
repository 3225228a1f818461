import '@mantine/core/styles/CheckboxCard.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/SimpleGrid.css';
import {
  centralMonthStart,
  centralWallTimeToUtc,
  type FairVoteCar,
  MESSAGES,
  utcToCentralWallTime,
  type VoidVotesInput,
  voidVotesInputSchema,
} from '@curbside/shared';
import {
  Button,
  Checkbox,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { notifyError, notifyToast } from '../../lib/notify';
import { useTRPCClient } from '../../lib/trpc';
import { blockLabel, percent, useVotesChanged } from './fair-votes-shared';

const F = MESSAGES.fairVotes;

/**
 * One car's votes this month (by day and hour, busiest blocks, meet-card scans per event) and the form that voids
 * its votes from chosen blocks in a window, entered in Central time.
 */
export function FairVoteCarDialog({ car, month, onClose }: { car: FairVoteCar; month: string; onClose: () => void }) {
  const client = useTRPCClient();
  const changed = useVotesChanged();
  const [blocks, setBlocks] = useState<string[]>([]);
  const [from, setFrom] = useState(() => utcToCentralWallTime(centralMonthStart(month)));
  // A minute ahead, so the votes of the minute the form was opened in are inside.
  const [to, setTo] = useState(() => utcToCentralWallTime(new Date(Date.now() + 60_000)));
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const voidVotes = useMutation({
    mutationFn: (input: VoidVotesInput) => client.admin.fairVotes.void.mutate(input),
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = voidVotesInputSchema.safeParse({
      carId: car.carId,
      blocks,
      from: centralWallTimeToUtc(from)?.toISOString(),
      to: centralWallTimeToUtc(to)?.toISOString(),
      note,
    });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      if (found.from || found.to) found.to = F.windowInvalid;
      setErrors(found);
      return;
    }
    setErrors({});
    voidVotes.mutate(parsed.data, {
      onSuccess: (result) => {
        notifyToast(F.done.voided(result.void.votes, car.name));
        void changed();
        onClose();
      },
      onError: (error) => notifyError(MESSAGES.admin.updateFailed, error),
    });
  };

  return (
    <Modal opened onClose={onClose} title={F.voidTitle(car.name)} size="xl">
      <Stack gap="lg">
        <Group gap="xl">
          <Text size="sm">
            {F.votes}: <b>{car.votes}</b>
          </Text>
          <Text size="sm">
            {F.voided}: <b>{car.voidedVotes}</b>
          </Text>
          <Text size="sm">
            {F.busiestShare}: <b>{percent(car.busiestBlocksShare)}</b>
          </Text>
          <Text size="sm">
            {F.cardShare}: <b>{percent(car.cardShare)}</b>
          </Text>
          <Text size="sm">
            {F.firstSeenShare}: <b>{percent(car.firstSeenShare)}</b>
          </Text>
        </Group>

        <form onSubmit={submit} noValidate aria-label={F.voidTitle(car.name)}>
          <Stack gap="sm">
            <Title order={3} fz="md">
              {F.blocksTitle}
            </Title>
            <Text size="sm" c="dimmed">
              {F.voidHelp}
            </Text>
            <Checkbox.Group value={blocks} onChange={setBlocks} error={errors.blocks}>
              <Stack gap={4}>
                {car.busiestBlocks.map((block) => (
                  <Checkbox
                    key={block.block}
                    value={block.block}
                    label={
                      <Text size="sm" ff="monospace">
                        {F.blockVotes(blockLabel(block.block), block.votes)}
                      </Text>
                    }
                  />
                ))}
              </Stack>
            </Checkbox.Group>
            {car.unknownBlockVotes > 0 ? (
              <Text size="sm" c="dimmed">
                {F.blockUnknown}: {car.unknownBlockVotes}
              </Text>
            ) : null}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                type="datetime-local"
                label={F.from}
                value={from}
                onChange={(e) => setFrom(e.currentTarget.value)}
              />
              <TextInput
                type="datetime-local"
                label={F.to}
                value={to}
                onChange={(e) => setTo(e.currentTarget.value)}
                error={errors.to}
              />
            </SimpleGrid>
            <Textarea
              label={F.note}
              withAsterisk
              rows={2}
              value={note}
              onChange={(e) => setNote(e.currentTarget.value)}
              error={errors.note}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {F.cancel}
              </Button>
              <Button type="submit" color="red" loading={voidVotes.isPending}>
                {F.confirmVoid}
              </Button>
            </Group>
          </Stack>
        </form>

        <div>
          <Title order={3} fz="md" mb="xs">
            {F.cardEvents}
          </Title>
          {car.cardEvents.length === 0 ? (
            <Text size="sm" c="dimmed">
              {F.noCardVotes}
            </Text>
          ) : (
            <Table>
              <Table.Tbody>
                {car.cardEvents.map((event) => (
                  <Table.Tr key={event.eventId ?? 'none'}>
                    <Table.Td>{event.eventTitle ?? F.noEvent}</Table.Td>
                    <Table.Td ta="right">{event.votes}</Table.Td>
                    <Table.Td ta="right">{percent(event.share)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </div>

        <div>
          <Title order={3} fz="md" mb="xs">
            {F.byDay}
          </Title>
          <Table.ScrollContainer minWidth={520}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{F.day}</Table.Th>
                  <Table.Th ta="right">{F.votes}</Table.Th>
                  <Table.Th>{F.hours}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {car.byDay.map((day) => (
                  <Table.Tr key={day.day}>
                    <Table.Td>{day.day}</Table.Td>
                    <Table.Td ta="right">{day.votes}</Table.Td>
                    <Table.Td>
                      <Text size="xs" ff="monospace">
                        {day.hours.map((h) => `${String(h.hour).padStart(2, '0')}h ${h.votes}`).join(' · ')}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </div>
      </Stack>
    </Modal>
  );
}
