import { Box, Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { Copy, Lock, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { AppDialog } from '../../components/app-dialog.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { mutate, mutateAll } from '../../data/index.ts';
import { useChecklistTemplates } from './use-checklists.ts';
import type { ChecklistTemplateRow } from './sync/checklist-rows.ts';
import { mutateErrorText } from '../events/index.ts';
import { KIND_LABELS } from './list-kinds.ts';
import { BUILT_IN_TEMPLATES, builtInTemplateChanges, type BuiltInTemplate } from './built-in-templates.ts';

interface TemplatesDialogProps {
  eventId: string;
  /** The upgrade prompt's text when the user's own templates are locked (starter); built-in ones never are. */
  ownLock: string | null;
  /** The upgrade prompt's text when duplicating templates is locked (organizer, by the user's tier). */
  duplicateLock: string | null;
  onUpgrade(feature: string, message: string): void;
  onStarted(title: string): void;
  onClose(): void;
}

/** The user's templates: start a list of this event from one, duplicate one (organizer), delete one. */
export function TemplatesDialog(props: TemplatesDialogProps) {
  const { eventId, ownLock, duplicateLock, onUpgrade, onStarted, onClose } = props;
  const templates = useChecklistTemplates();
  const [error, setError] = useState<string | null>(null);

  async function run(action: () => Promise<unknown>, fallback: string) {
    try {
      await action();
      setError(null);
      return true;
    } catch (failure) {
      setError(mutateErrorText(failure, fallback));
      return false;
    }
  }

  async function start(template: ChecklistTemplateRow) {
    if (
      await run(
        () => mutate('checklist-template.use', { eventId, templateId: template.id }),
        'The list could not be started.',
      )
    ) {
      onStarted(template.title);
      onClose();
    }
  }

  async function startBuiltIn(template: BuiltInTemplate) {
    const { list, items } = builtInTemplateChanges(template, eventId);
    // The list and its items in one transaction: they show together, or not at all.
    const started = await run(
      () => mutateAll([['checklist.create', list], ...items.map((item) => ['checklist-item.add', item] as const)]),
      'The list could not be started.',
    );
    if (started) {
      onStarted(template.title);
      onClose();
    }
  }

  function duplicate(template: ChecklistTemplateRow) {
    if (duplicateLock) return onUpgrade('Duplicate templates', duplicateLock);
    void run(
      () => mutate('checklist-template.duplicate', { templateId: template.id }),
      'The template could not be duplicated.',
    );
  }

  return (
    <AppDialog title="Start from a template" onClose={onClose}>
      <Stack gap="3">
        <Stack as="ul" gap="2" listStyleType="none" aria-label="Built-in templates">
          {BUILT_IN_TEMPLATES.map((template) => (
            <Box as="li" key={template.id} aria-label={template.title} borderWidth="1px" rounded="lg" p="3">
              <Text fontWeight="semibold">{template.title}</Text>
              <Text fontSize="sm" color="fg.muted">
                {KIND_LABELS[template.kind]} · {template.items.length} items
              </Text>
              <Button size="sm" mt="2" width="full" variant="subtle" onClick={() => void startBuiltIn(template)}>
                Start a list from {template.title}
              </Button>
            </Box>
          ))}
        </Stack>
        <Text fontWeight="semibold" pt="2">
          Your templates
        </Text>
        {ownLock ? (
          <HStack gap="2" color="fg.muted">
            <Lock aria-hidden size={16} />
            <Text>{ownLock}</Text>
          </HStack>
        ) : templates.length === 0 ? (
          <Text color="fg.muted">No templates yet. Save a list as a template from its actions menu.</Text>
        ) : (
          <Stack as="ul" gap="2" listStyleType="none" aria-label="Your templates">
            {templates.map((template) => (
              <Box as="li" key={template.id} aria-label={template.title} borderWidth="1px" rounded="lg" p="3">
                <HStack justify="space-between" gap="2" align="start">
                  <Stack gap="0" minW="0">
                    <Text fontWeight="semibold" wordBreak="break-word">
                      {template.title}
                    </Text>
                    <Text fontSize="sm" color="fg.muted">
                      {KIND_LABELS[template.kind]} ·{' '}
                      {template.items.length === 1 ? '1 item' : `${template.items.length} items`}
                    </Text>
                  </Stack>
                  <HStack gap="1" flexShrink={0}>
                    <IconButton
                      variant="ghost"
                      size="sm"
                      aria-label={`Duplicate ${template.title}`}
                      onClick={() => duplicate(template)}
                    >
                      {duplicateLock ? <Lock /> : <Copy />}
                    </IconButton>
                    <IconButton
                      variant="ghost"
                      size="sm"
                      colorPalette="red"
                      aria-label={`Delete ${template.title}`}
                      onClick={() =>
                        void run(
                          () => mutate('checklist-template.delete', { id: template.id }),
                          'The template could not be deleted.',
                        )
                      }
                    >
                      <Trash2 />
                    </IconButton>
                  </HStack>
                </HStack>
                <Button size="sm" mt="2" width="full" variant="subtle" onClick={() => void start(template)}>
                  Start a list from {template.title}
                </Button>
              </Box>
            ))}
          </Stack>
        )}
        {error ? <FormMessage status="error">{error}</FormMessage> : null}
      </Stack>
    </AppDialog>
  );
}
