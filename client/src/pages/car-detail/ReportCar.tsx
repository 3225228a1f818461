import '@mantine/core/styles/RadioCard.css';
import '@mantine/core/styles/RadioIndicator.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Radio.css';
import { MESSAGES, REPORT_REASONS, type ReportReason, reportInputSchema } from '@curbside/shared';
import { Button, Group, Modal, Radio, Stack, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { notifyError, notifyToast } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';

const M = MESSAGES.moderation;

/**
 * The Report control of a car's page (signed-in visitors other than its owner): the car or the photo shown, a reason
 * ('Other' with a few words), and a toast that the report was received. The server keeps one open report per user
 * per item and says so when a second is sent.
 */
export function ReportCar({ carId, shownPhotoId }: { carId: number; shownPhotoId: number | null }) {
  const trpc = useTRPC();
  const send = useMutation(trpc.moderation.report.mutationOptions());
  const [opened, setOpened] = useState(false);
  const [what, setWhat] = useState<'car' | 'photo'>('car');
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [detailsError, setDetailsError] = useState<string | null>(null);

  const close = () => {
    setOpened(false);
    setReason(null);
    setDetails('');
    setDetailsError(null);
    setWhat('car');
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!reason) return;
    const input = {
      carId,
      reason,
      details,
      ...(what === 'photo' && shownPhotoId !== null ? { imageId: shownPhotoId } : {}),
    };
    const parsed = reportInputSchema.safeParse(input);
    if (!parsed.success) {
      setDetailsError(parsed.error.issues[0]?.message ?? M.reportDetailsRequired);
      return;
    }
    send.mutate(input, {
      onSuccess: () => {
        notifyToast(M.reportReceived);
        close();
      },
      onError: (error) => notifyError({ title: M.reportFailed }, error),
    });
  };

  return (
    <>
      <Button variant="subtle" color="gray" size="compact-sm" onClick={() => setOpened(true)}>
        {M.report}
      </Button>
      <Modal opened={opened} onClose={close} title={M.reportTitle} centered>
        <form onSubmit={submit} noValidate aria-label={M.reportTitle}>
          <Stack>
            {shownPhotoId !== null ? (
              <Radio.Group
                label={M.reportWhat}
                value={what}
                onChange={(value) => setWhat(value === 'photo' ? 'photo' : 'car')}
              >
                <Group mt={4}>
                  <Radio value="car" label={M.reportWholeCar} />
                  <Radio value="photo" label={M.reportShownPhoto} />
                </Group>
              </Radio.Group>
            ) : null}
            <Radio.Group
              label={M.reportReason}
              value={reason}
              onChange={(value) => setReason(REPORT_REASONS.find((r) => r === value) ?? null)}
              withAsterisk
            >
              <Stack gap={6} mt={4}>
                {REPORT_REASONS.map((value) => (
                  <Radio key={value} value={value} label={M.reasons[value]} />
                ))}
              </Stack>
            </Radio.Group>
            {reason === 'other' ? (
              <Textarea
                label={M.reportDetails}
                rows={3}
                maxLength={500}
                value={details}
                error={detailsError}
                onChange={(event) => {
                  setDetails(event.currentTarget.value);
                  setDetailsError(null);
                }}
              />
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={send.isPending}>
                Cancel
              </Button>
              <Button type="submit" color="red" disabled={!reason} loading={send.isPending}>
                {M.reportSend}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
