import { SimpleGrid, Stack } from '@chakra-ui/react';
import { useProfile } from './use-profile.ts';
import { AvatarUpload } from './avatar-upload.tsx';
import { PasswordForm } from './password-form.tsx';
import { ProfileForm } from './profile-form.tsx';
import { useHeaderFollowsProfile } from './use-header-follows-profile.ts';

/** `/profile/details`: name and address, the avatar, and the password. */
export function ProfileDetails() {
  const profile = useProfile();
  useHeaderFollowsProfile(profile);
  if (!profile) return null;
  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
      <Stack gap="6">
        <AvatarUpload profile={profile} />
        <ProfileForm profile={profile} />
      </Stack>
      <PasswordForm email={profile.email} />
    </SimpleGrid>
  );
}
