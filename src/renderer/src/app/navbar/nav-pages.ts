import { IconApps, IconDeviceDesktop, IconDevices, IconHistory, IconList, IconListCheck, IconWorld, type Icon } from '@tabler/icons-react';

export interface NavPage {
  to: string;
  label: string;
  icon: Icon;
}

/** The Lists screen: in the header it is the Lists dropdown, in the phone menu a link. */
export const LISTS_PAGE: NavPage = { to: '/app-list', label: 'Lists', icon: IconList };

/**
 * The top-level pages beside Lists. History is named as its page heading says: a plain
 * "History" link already exists on each device's page (that device's history).
 */
export const PRIMARY_PAGES: readonly NavPage[] = [
  { to: '/app-catalogue', label: 'Catalogue', icon: IconApps },
  // Lists people shared publicly (the page is the gallery).
  { to: '/gallery', label: 'Gallery', icon: IconWorld },
  { to: '/devices', label: 'Devices', icon: IconDeviceDesktop },
  // Device groups (Annual Premium); without the plan the page says what they are and where to get them.
  { to: '/groups', label: 'Groups', icon: IconDevices },
  { to: '/installations', label: 'Installations', icon: IconListCheck },
  { to: '/history', label: 'Update history', icon: IconHistory },
];

/** A page counts as current on its own path and below it (a device's page is under Devices). */
export function isCurrentPage(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}
