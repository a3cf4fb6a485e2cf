import { Image } from '@chakra-ui/react';

/** The event's logo beside its name on the join page. */
export function LogoImage({ src, eventName }: { src: string; eventName: string }) {
  return <Image src={src} alt={`${eventName} logo`} boxSize="12" rounded="md" objectFit="cover" />;
}
