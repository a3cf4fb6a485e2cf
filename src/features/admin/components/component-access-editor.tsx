import { Button, Checkbox, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { errorText } from '../admin-errors.ts';
import { updateComponentAccess } from '../admin-api.ts';
import { AdminAlert } from './admin-alert.tsx';

const ROLES = ['user', 'admin'] as const;

interface ComponentAccessEditorProps {
  initial: Record<string, string[]>;
  isDisabled: boolean;
  onSaved(): void;
}

/** The component_access role lists: which roles may open each component key. */
export function ComponentAccessEditor({ initial, isDisabled, onSaved }: ComponentAccessEditorProps) {
  const [access, setAccess] = useState<Record<string, string[]>>(initial);
  const [newKey, setNewKey] = useState('');
  const [isSaving, setSaving] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string; detail: string | null } | null>(null);
  const keys = Object.keys(access).sort();

  function toggle(key: string, role: string, isOn: boolean) {
    setAccess((current) => {
      const roles = new Set(current[key] ?? []);
      if (isOn) roles.add(role);
      else roles.delete(role);
      return { ...current, [key]: ROLES.filter((r) => roles.has(r)) };
    });
  }

  function addKey(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const key = newKey.trim().toLowerCase();
    if (!key || Object.hasOwn(access, key)) return;
    setAccess((current) => ({ ...current, [key]: ['user', 'admin'] }));
    setNewKey('');
  }

  async function save() {
    setSaving(true);
    setResult(null);
    try {
      await updateComponentAccess(access);
      setResult({ ok: true, message: 'Component access saved', detail: null });
      onSaved();
    } catch (caught) {
      setResult({ ok: false, ...errorText(caught, 'Failed to update component access settings') });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Stack gap="4">
      <Table.ScrollArea
        borderWidth="1px"
        rounded="lg"
        tabIndex={0}
        role="region"
        aria-label="Component access (scrolls sideways)"
      >
        <Table.Root size="sm" aria-label="Component access">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Component</Table.ColumnHeader>
              {ROLES.map((role) => (
                <Table.ColumnHeader key={role} textAlign="center" textTransform="capitalize">
                  {role}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {keys.map((key) => (
              <Table.Row key={key}>
                <Table.Cell fontFamily="mono" textStyle="sm">
                  {key}
                </Table.Cell>
                {ROLES.map((role) => (
                  <Table.Cell key={role} textAlign="center">
                    <Checkbox.Root
                      checked={access[key]?.includes(role) ?? false}
                      disabled={isDisabled}
                      onCheckedChange={(details) => toggle(key, role, details.checked === true)}
                    >
                      <Checkbox.HiddenInput aria-label={`${key}: ${role}`} />
                      <Checkbox.Control />
                    </Checkbox.Root>
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <form onSubmit={addKey} aria-label="Add a component key">
        <HStack gap="2" align="end">
          <Input
            aria-label="New component key"
            placeholder="component_key"
            value={newKey}
            onChange={(e) => setNewKey(e.target.value)}
            maxW="xs"
            disabled={isDisabled}
          />
          <Button type="submit" variant="outline" disabled={isDisabled || !newKey.trim()}>
            Add key
          </Button>
        </HStack>
      </form>
      {result ? (
        <AdminAlert status={result.ok ? 'success' : 'error'} message={result.message} detail={result.detail} />
      ) : null}
      {/* On a phone the note goes under the button (beside it, it was squeezed into a narrow column). */}
      <Stack direction={{ base: 'column', sm: 'row' }} align={{ base: 'stretch', sm: 'center' }} gap="3">
        <Button onClick={() => void save()} loading={isSaving} disabled={isDisabled}>
          Save component access
        </Button>
        <Text textStyle="sm" color="fg.muted">
          Keys not listed: admin_ keys are for admins, the rest open to all.
        </Text>
      </Stack>
    </Stack>
  );
}
