import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';
import { Button, Menu } from '@mantine/core';
import { Link } from 'wouter';
import { useLogout } from '../hooks/useLogout';
import { ChevronDownIcon } from './icons';

/**
 * The signed-in user's menu. Its own chunk: Menu brings the floating-ui positioning code visitors never need, and
 * signing out (a mutation, with its observer) is not part of the first download either.
 */
export default function UserMenu({ username }: { username: string }) {
  const { logout } = useLogout();
  return (
    <Menu position="bottom-end" width={200} shadow="md">
      <Menu.Target>
        <Button variant="subtle" color="gray" rightSection={<ChevronDownIcon size={16} />}>
          {username}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} href="/user/profile">
          My Profile
        </Menu.Item>
        <Menu.Item component={Link} href="/user/orders">
          My Orders
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" onClick={logout}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
