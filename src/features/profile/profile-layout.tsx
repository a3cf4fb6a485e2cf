import { Outlet } from 'react-router';
import { PROFILE_TABS, paths, type ProfileTab } from '../../app/paths.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { TabLinks } from '../../components/tab-links.tsx';

export const PROFILE_TAB_LABELS: Record<ProfileTab, string> = {
  details: 'Details',
  notifications: 'Notifications',
  subscription: 'Subscription',
  friends: 'Friends',
};

/** `/profile`: the tabs of the profile area around the current tab. */
export function ProfileLayout() {
  return (
    <>
      <PageHeader title="My Profile" />
      <TabLinks
        label="Profile sections"
        tabs={PROFILE_TABS.map((tab) => ({ href: paths.profile.href(tab), label: PROFILE_TAB_LABELS[tab] }))}
      />
      <Outlet />
    </>
  );
}
