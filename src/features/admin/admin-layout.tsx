import { ADMIN_TABS, paths, type AdminTab } from '../../lib/paths.ts';
import { TabbedPage } from '../../components/tab-links.tsx';

export const ADMIN_TAB_LABELS: Record<AdminTab, string> = {
  settings: 'Settings',
  waitlist: 'Waitlist',
  accounts: 'Accounts',
  admins: 'Admins',
  activity: 'Activity',
};

/** `/admin`: the admin panel's tabs around the current tab. */
export function AdminLayout() {
  return (
    <TabbedPage
      title="Admin Panel"
      label="Admin sections"
      tabs={ADMIN_TABS.map((tab) => ({ href: paths.admin.href(tab), label: ADMIN_TAB_LABELS[tab] }))}
    />
  );
}
