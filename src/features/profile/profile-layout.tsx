import { PROFILE_TABS, paths, type ProfileTab } from '../../lib/paths.ts';
import { TabbedPage } from '../../components/tab-links.tsx';

export const PROFILE_TAB_LABELS: Record<ProfileTab, string> = {
  details: 'Details',
  notifications: 'Notifications',
  subscription: 'Subscription',
  friends: 'Friends',
};

/** `/profile`: the tabs of the profile area around the current tab. */
export function ProfileLayout() {
  return (
    <TabbedPage
      title="My Profile"
      label="Profile sections"
      tabs={PROFILE_TABS.map((tab) => ({ href: paths.profile.href(tab), label: PROFILE_TAB_LABELS[tab] }))}
    />
  );
}
