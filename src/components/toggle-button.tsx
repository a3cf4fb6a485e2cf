import { Button, type ButtonProps } from '@chakra-ui/react';

/** A button that stays pressed while its choice is on (a view, a day, a tool): solid when pressed. */
export function ToggleButton({ isPressed, ...button }: ButtonProps & { isPressed: boolean }) {
  return <Button variant={isPressed ? 'solid' : 'outline'} aria-pressed={isPressed} {...button} />;
}
