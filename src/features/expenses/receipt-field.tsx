import { Button, Checkbox, Field, HStack, Text } from '@chakra-ui/react';
import { Camera } from 'lucide-react';

interface ReceiptFieldProps {
  /** The photo chosen in this form, not sent yet. */
  photo: File | null;
  /** The expense has a receipt already. */
  hasReceipt: boolean;
  isRemoving: boolean;
  onPhoto(file: File | null): void;
  onRemoving(isRemoving: boolean): void;
}

/** The expense's receipt photo: add, replace or remove it. */
export function ReceiptField({ photo, hasReceipt, isRemoving, onPhoto, onRemoving }: ReceiptFieldProps) {
  return (
    <Field.Root>
      <Field.Label>Receipt photo</Field.Label>
      <HStack gap="3" wrap="wrap">
        <Button asChild variant="outline" size="sm">
          <label>
            <Camera aria-hidden />
            {photo ? 'Change photo' : hasReceipt && !isRemoving ? 'Replace photo' : 'Add photo'}
            <input
              type="file"
              accept="image/*"
              aria-label="Receipt photo"
              style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
              onChange={(e) => onPhoto(e.target.files?.[0] ?? null)}
            />
          </label>
        </Button>
        {photo ? (
          <Text textStyle="sm" color="fg.muted" truncate maxW="60">
            {photo.name}
          </Text>
        ) : hasReceipt ? (
          <Checkbox.Root size="sm" checked={isRemoving} onCheckedChange={(d) => onRemoving(Boolean(d.checked))}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Remove the receipt</Checkbox.Label>
          </Checkbox.Root>
        ) : null}
      </HStack>
      <Field.HelperText>An image of up to 5 MB; kept on this device until it can be sent.</Field.HelperText>
    </Field.Root>
  );
}
