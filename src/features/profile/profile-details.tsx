import { SimpleGrid, Stack } from '@chakra-ui/react';
import { useProfile } from './use-profile.ts';
import { AvatarUpload } from './avatar-upload.tsx';
import { PasswordForm } from './password-form.tsx';
import { ProfileForm } from './profile-form.tsx';
import { ContactDetailsForm } from './contact-details-form.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';
import { useHeaderFollowsProfile } from './use-header-follows-profile.ts';
import { MyDevices } from '../events/index.ts';

/** `/profile/details`: name and address, the avatar, the password and two-factor sign-in. */
export function ProfileDetails() {
  const profile = useProfile();
  useHeaderFollowsProfile(profile);
  if (!profile) return null;
  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
      <Stack gap="6">
        <AvatarUpload profile={profile} />
        <ProfileForm profile={profile} />
        <ContactDetailsForm profile={profile} />
      </Stack>
      <Stack gap="6">
        <PasswordForm email={profile.email} />
        <TwoFactorSection />
        <MyDevices userId={profile.id} />
      </Stack>
    </SimpleGrid>
  );
}
