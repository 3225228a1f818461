import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Tabs.css';
import { loginFormSchema, MESSAGES, registerFormSchema, SITE_NAME, type User } from '@curbside/shared';
import {
  Anchor,
  Button,
  Container,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { ForgotPasswordDialog } from '../components/ForgotPasswordDialog';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { notifyError, notifyToast } from '../lib/notify';
import { useTRPC } from '../lib/trpc';
import { returnTarget } from './auth/return-target';

type AuthTab = 'login' | 'register';

const displayName = (user: Pick<User, 'name' | 'username'>) => user.name || user.username;

/**
 * After sign-in or registration: back to the page that sent the visitor here (else home), with the new user in the
 * cache at once and then re-read from the server.
 */
function useSignedIn() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const search = useSearch();
  return (user: User) => {
    navigate(returnTarget(search), { replace: true });
    queryClient.setQueryData(trpc.accounts.me.queryKey(), user);
    void queryClient.invalidateQueries({ queryKey: trpc.accounts.me.queryKey() });
  };
}

/** /auth; a visitor already signed in goes on to the page sign-in would return them to. */
export default function AuthPage({ signedIn = false }: { signedIn?: boolean }) {
  useDocumentTitle('Log In or Register');
  const search = useSearch();
  const [tab, setTab] = useState<AuthTab>(() =>
    new URLSearchParams(search).get('tab') === 'register' ? 'register' : 'login',
  );
  if (signedIn) return <Redirect to={returnTarget(search)} replace />;

  return (
    <Container size={460} py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1} ta="center">
            Welcome to {SITE_NAME}
          </Title>
          <Text c="dimmed" ta="center" mt={4}>
            {returnTarget(search).startsWith('/upload')
              ? MESSAGES.upload.signInReason
              : 'Log in to vote, order prints and submit your car.'}
          </Text>
        </div>
        <Paper withBorder p="lg" radius="lg">
          <Tabs value={tab} onChange={(value) => setTab(value === 'register' ? 'register' : 'login')}>
            <Tabs.List grow mb="lg">
              <Tabs.Tab value="login">Log In</Tabs.Tab>
              <Tabs.Tab value="register">Register</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="login">
              <LoginForm />
            </Tabs.Panel>
            <Tabs.Panel value="register">
              <RegisterForm />
            </Tabs.Panel>
          </Tabs>
        </Paper>
      </Stack>
    </Container>
  );
}

function LoginForm() {
  const trpc = useTRPC();
  const signedIn = useSignedIn();
  const [forgotOpen, setForgotOpen] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: schemaResolver(loginFormSchema, { sync: true }),
  });
  const login = useMutation(trpc.accounts.login.mutationOptions());

  const onSubmit = form.onSubmit((values) =>
    login.mutate(
      { email: values.email.trim(), password: values.password },
      {
        onSuccess: (user) => {
          notifyToast(MESSAGES.auth.loginSuccess(displayName(user)));
          signedIn(user);
        },
        onError: (error) => notifyError(MESSAGES.auth.loginFailed, error),
      },
    ),
  );

  return (
    <>
      <form onSubmit={onSubmit} noValidate aria-label="Log in">
        <Stack>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end" mt={-8}>
            <Anchor component="button" type="button" size="sm" onClick={() => setForgotOpen(true)}>
              Forgot Password?
            </Anchor>
          </Group>
          <Button type="submit" loading={login.isPending} fullWidth>
            Log In
          </Button>
        </Stack>
      </form>
      <ForgotPasswordDialog opened={forgotOpen} onClose={() => setForgotOpen(false)} />
    </>
  );
}

function RegisterForm() {
  const trpc = useTRPC();
  const signedIn = useSignedIn();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { username: '', email: '', name: '', password: '', confirmPassword: '' },
    validate: schemaResolver(registerFormSchema, { sync: true }),
  });
  const register = useMutation(trpc.accounts.register.mutationOptions());

  const onSubmit = form.onSubmit((values) =>
    register.mutate(
      {
        email: values.email.trim(),
        username: values.username.trim(),
        password: values.password,
        // confirmPassword stays in the browser; an empty name is "not given".
        name: values.name.trim() || undefined,
      },
      {
        onSuccess: (user) => {
          notifyToast(MESSAGES.auth.registrationSuccess(displayName(user)));
          signedIn(user);
        },
        onError: (error) => notifyError(MESSAGES.auth.registrationFailed, error),
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Register">
      <Stack>
        <TextInput
          label="Username"
          autoComplete="username"
          key={form.key('username')}
          {...form.getInputProps('username')}
        />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <TextInput label="Name (optional)" autoComplete="name" key={form.key('name')} {...form.getInputProps('name')} />
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm Password"
          autoComplete="new-password"
          key={form.key('confirmPassword')}
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" loading={register.isPending} fullWidth>
          Register
        </Button>
      </Stack>
    </form>
  );
}
