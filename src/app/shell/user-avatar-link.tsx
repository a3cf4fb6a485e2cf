import { Avatar } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../lib/paths.ts';

/** The user's avatar (the default figure without one), linking to their profile details. */
export function UserAvatarLink({ name, avatar }: { name: string | null; avatar: string | null }) {
  return (
    <RouterLink to={paths.profile.href('details')} aria-label="My profile">
      <Avatar.Root size="sm" colorPalette="forest">
        <Avatar.Fallback name={name ?? undefined} />
        {avatar ? <Avatar.Image src={avatar} alt="" crossOrigin="anonymous" /> : null}
      </Avatar.Root>
    </RouterLink>
  );
}
