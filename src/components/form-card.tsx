import { Button, Card, Heading, Stack, Text, type CardRootProps } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';
import { FormMessage } from './form-message.tsx';

export type FormCardMessage = { status: 'error' | 'success'; text: string } | null;

interface FormCardProps extends Pick<CardRootProps, 'maxW'> {
  /** The card's heading, and the name of the section and of its form. */
  title: string;
  description?: ReactNode;
  submitLabel: string;
  onSubmit(): void | Promise<void>;
  /** What became of the last save. */
  message?: FormCardMessage;
  isSaving?: boolean;
  isSubmitDisabled?: boolean;
  children: ReactNode;
}

/** A settings form in a card (profile details, password, notifications): heading, fields, outcome, Save. */
export function FormCard({
  title,
  description,
  submitLabel,
  onSubmit,
  message,
  isSaving,
  isSubmitDisabled,
  children,
  maxW,
}: FormCardProps) {
  const titleId = useId();
  return (
    <Card.Root as="section" aria-labelledby={titleId} maxW={maxW}>
      <Card.Body>
        <Stack asChild gap="4">
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void onSubmit();
            }}
            aria-labelledby={titleId}
          >
            <Stack gap="1">
              <Heading as="h2" id={titleId} textStyle="lg">
                {title}
              </Heading>
              {description ? <Text color="fg.muted">{description}</Text> : null}
            </Stack>
            {children}
            {message ? <FormMessage status={message.status}>{message.text}</FormMessage> : null}
            <Button
              type="submit"
              loading={isSaving}
              disabled={isSubmitDisabled}
              alignSelf={{ base: 'stretch', sm: 'flex-end' }}
            >
              {submitLabel}
            </Button>
          </form>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
