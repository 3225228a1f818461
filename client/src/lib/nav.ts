// Top navigation and footer quick links (spec part 1 §2).

export interface NavItem {
  label: string;
  href: string;
  /** Other paths that belong to the same section (the gallery's /cars alias and car pages). */
  matches?: RegExp;
}

export const MAIN_NAV: NavItem[] = [
  { label: 'Home', href: '/' },
  { label: 'Gallery', href: '/gallery', matches: /^\/(gallery|cars)(\/|$)/ },
  { label: 'Leaderboard', href: '/leaderboard' },
  { label: 'Hall of Fame', href: '/hall-of-fame' },
  { label: 'Merch', href: '/merch' },
  { label: 'Events', href: '/events' },
];

export const ADMIN_NAV: NavItem = { label: 'Admin', href: '/admin' };

export function isActive(item: NavItem, path: string): boolean {
  if (item.matches) return item.matches.test(path);
  return item.href === '/' ? path === '/' : path === item.href || path.startsWith(`${item.href}/`);
}
