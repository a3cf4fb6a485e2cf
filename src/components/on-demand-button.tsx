import { IconButton, type IconButtonProps } from '@chakra-ui/react';

interface OnDemandButtonProps extends Omit<IconButtonProps, 'onClick' | 'aria-label'> {
  label: string;
  /** What the button opens once its code has loaded. */
  popup: 'menu' | 'dialog';
  /** Starts the download when the user reaches for the button; `open` loads and opens it. */
  onDemand: { warm(): void; open(): void };
}

/**
 * The first screen's stand-in for a menu or popover whose code loads on demand: the same icon
 * button, which starts the download on hover or focus and opens the real one on click.
 */
export function OnDemandButton({ label, popup, onDemand, children, ...button }: OnDemandButtonProps) {
  return (
    <IconButton
      variant="ghost"
      size="sm"
      aria-label={label}
      aria-haspopup={popup}
      aria-expanded={false}
      onPointerEnter={onDemand.warm}
      onFocus={onDemand.warm}
      onClick={onDemand.open}
      {...button}
    >
      {children}
    </IconButton>
  );
}
