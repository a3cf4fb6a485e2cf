/**
 * A member's view of the logo on the join page, read from the device (useEventLogo). Loaded only
 * for members: the device database and the sync session stay out of a visitor's first load.
 */
import { useEventLogo } from '../branding/use-event-logo.ts';
import { LogoImage } from './logo-image.tsx';

export function MemberLogo({ path, eventName }: { path: string; eventName: string }) {
  const logo = useEventLogo(path);
  return logo ? <LogoImage src={logo} eventName={eventName} /> : null;
}
