import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Code.css';
import {
  type ApiToken,
  type ApiTokenScope,
  apiTokenCreateInputSchema,
  type CreatedApiToken,
  MESSAGES,
} from '@curbside/shared';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notifyError, notifyToast } from '../lib/notify';
import { useTRPC } from '../lib/trpc';
import { ConfirmDialog } from './ConfirmDialog';
import { LoadError } from './LoadError';

const T = MESSAGES.apiTokens;

const shortDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/**
 * API Tokens (My Profile for everyone, the admin dashboard for admins, who alone may pick the admin scope): create a
 * named token with a scope, see its secret this once, list the tokens with their last use, revoke one.
 */
export function ApiTokensPanel({ scopes }: { scopes: readonly ApiTokenScope[] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const tokens = useQuery(trpc.tokens.list.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.tokens.list.queryKey() });
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const revoke = useMutation(trpc.tokens.revoke.mutationOptions());

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(
      { id: revoking.id },
      {
        onSuccess: () => {
          notifyToast(T.tokenRevoked);
          if (created?.id === revoking.id) setCreated(null);
          setRevoking(null);
          void refresh();
        },
        onError: (error) => notifyError(T.revokeFailed, error),
      },
    );
  };

  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack>
        <div>
          <Title order={2} fz="h4">
            {T.title}
          </Title>
          <Text size="sm" c="dimmed">
            {T.intro}{' '}
            <Anchor href="/api/docs" target="_blank" rel="noopener" underline="always">
              {T.docsLink}
            </Anchor>
          </Text>
        </div>
        {created ? (
          <NewTokenSecret token={created} onDone={() => setCreated(null)} />
        ) : (
          <CreateTokenForm
            scopes={scopes}
            onCreated={(token) => {
              setCreated(token);
              void refresh();
            }}
          />
        )}
        {/* A panel inside the profile: the page around it is the way back. */}
        {tokens.isError && <LoadError message={MESSAGES.server.internal} query={tokens} back={null} />}
        {tokens.data?.length === 0 && (
          <Text size="sm" c="dimmed">
            {T.none}
          </Text>
        )}
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {tokens.data?.map((token) => (
            <TokenRow key={token.id} token={token} onRevoke={() => setRevoking(token)} />
          ))}
        </Stack>
      </Stack>
      <ConfirmDialog
        opened={revoking !== null}
        title={T.revokeTitle}
        message={revoking ? T.revokeConfirm(revoking.name) : ''}
        confirmLabel={T.revoke}
        loading={revoke.isPending}
        onConfirm={confirmRevoke}
        onClose={() => setRevoking(null)}
      />
    </Paper>
  );
}

function CreateTokenForm({
  scopes,
  onCreated,
}: {
  scopes: readonly ApiTokenScope[];
  onCreated: (token: CreatedApiToken) => void;
}) {
  const trpc = useTRPC();
  const create = useMutation(trpc.tokens.create.mutationOptions());
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiTokenScope>(scopes[0] ?? 'read');
  const [nameError, setNameError] = useState<string | null>(null);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const input = apiTokenCreateInputSchema.safeParse({ name, scope });
    if (!input.success) {
      setNameError(input.error.issues[0]?.message ?? null);
      return;
    }
    setNameError(null);
    create.mutate(input.data, {
      onSuccess: (token) => {
        setName('');
        notifyToast(T.tokenCreated);
        onCreated(token);
      },
      onError: (error) => notifyError(T.createFailed, error),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Create API token">
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label={T.nameLabel}
          placeholder={T.namePlaceholder}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={nameError}
          style={{ flex: '1 1 16rem' }}
        />
        <NativeSelect
          label={T.scopeLabel}
          value={scope}
          onChange={(event) => setScope(event.currentTarget.value as ApiTokenScope)}
          data={scopes.map((value) => ({ value, label: T.scopes[value] }))}
          style={{ flex: '1 1 16rem' }}
        />
        <Button type="submit" loading={create.isPending}>
          {T.create}
        </Button>
      </Group>
    </form>
  );
}

/** The secret of the token just made: shown once, with a copy button, until the user is done with it. */
function NewTokenSecret({ token, onDone }: { token: CreatedApiToken; onDone: () => void }) {
  return (
    <Alert color="teal" title={T.createdHeading}>
      <Stack gap="xs">
        <Text size="sm">{T.createdNote}</Text>
        <Code block data-testid="new-token">
          {token.token}
        </Code>
        <Group>
          <CopyButton value={token.token}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy}>
                {copied ? T.copied : T.copy}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" onClick={onDone}>
            {T.done}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function TokenRow({ token, onRevoke }: { token: ApiToken; onRevoke: () => void }) {
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="api-token">
      <Group justify="space-between" wrap="nowrap">
        <div>
          <Group gap="xs">
            <Text fw={600}>{token.name}</Text>
            <Badge variant="light" color={token.scope === 'admin' ? 'red' : token.scope === 'write' ? 'blue' : 'gray'}>
              {token.scope}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            <Code>{token.hint}…</Code> · {T.createdOn(shortDate(token.createdAt))} ·{' '}
            {token.lastUsedAt ? T.lastUsed(shortDate(token.lastUsedAt)) : T.neverUsed}
          </Text>
        </div>
        <Button variant="subtle" color="red" onClick={onRevoke} aria-label={`${T.revoke} ${token.name}`}>
          {T.revoke}
        </Button>
      </Group>
    </Paper>
  );
}
