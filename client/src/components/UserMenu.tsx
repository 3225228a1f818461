import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';
import { Button, Menu } from '@mantine/core';
import { Link } from 'wouter';
import { ChevronDownIcon } from './icons';

/** The signed-in user's menu. Its own chunk: Menu brings the floating-ui positioning code visitors never need. */
export default function UserMenu({ username, onLogout }: { username: string; onLogout: () => void }) {
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
        <Menu.Item color="red" onClick={onLogout}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
