import { describe, expect, it } from 'vitest';
import {
  featureLock,
  findMember,
  itemChanges,
  matchImportRows,
} from '../../src/features/checklists/checklist-rules.ts';
import { checklistItemsFromCsv } from '../../src/features/checklists/csv-import.ts';

const ada = { user_id: 'u-ada', name: 'Ada Lovelace', email: 'ada@example.com' };
const bo = { user_id: 'u-bo', name: 'Bo Camper', email: 'bo@example.com' };
const bob = { user_id: 'u-bob', name: 'Bo Smith', email: 'bob@example.com' };

describe('featureLock', () => {
  it('opens templates, exports and imports by the event tier', () => {
    expect(featureLock('templates_cloning', 'free', 'organizer')).toBe('Upgrade to Starter to unlock this feature');
    expect(featureLock('templates_cloning', 'starter', 'free')).toBeNull();
    expect(featureLock('simple_exports', 'free', 'starter')).toBe('Upgrade to Starter to unlock this feature');
    expect(featureLock('simple_exports', 'organizer', 'free')).toBeNull();
    expect(featureLock('structured_imports', 'starter', 'organizer')).toBe(
      'Upgrade to Organizer to unlock this feature',
    );
    expect(featureLock('structured_imports', 'organizer', 'free')).toBeNull();
  });

  it('opens duplicating templates by the user tier (templates belong to a person)', () => {
    expect(featureLock('duplicate_templates', 'organizer', 'starter')).toBe(
      'Upgrade to Organizer to unlock this feature',
    );
    expect(featureLock('duplicate_templates', 'free', 'organizer')).toBeNull();
  });
});

describe('findMember', () => {
  it('matches an email or a full name, ignoring case and spaces', () => {
    expect(findMember([ada, bo], ' ADA@example.com ')).toBe(ada);
    expect(findMember([ada, bo], 'bo  camper')).toBe(bo);
  });

  it('matches a first name only when one member has it', () => {
    expect(findMember([ada, bo], 'ada')).toBe(ada);
    expect(findMember([ada, bo, bob], 'Bo')).toBeNull();
    expect(findMember([ada], 'Zed')).toBeNull();
  });
});

describe('matchImportRows', () => {
  it('gives each row its assignee and names the rows that cannot be taken', () => {
    const csv = [
      'Item,Quantity,Due,Assignee',
      'Tent,2,2027-07-16,Ada',
      'Stove,,,',
      'Lantern,lots,,',
      'Rope,1,,Zed',
      ',3,,',
    ].join('\n');
    expect(matchImportRows(checklistItemsFromCsv(csv), [ada, bo])).toEqual([
      { line: 2, value: { text: 'Tent', quantity: 2, dueDate: '2027-07-16', assigneeId: 'u-ada' } },
      { line: 3, value: { text: 'Stove', quantity: 1, dueDate: null, assigneeId: null } },
      { line: 4, error: '"lots" is not a quantity.' },
      { line: 5, error: '"Zed" is not a member of this event.' },
      { line: 6, error: 'The item has no text.' },
    ]);
  });

  it('keeps the header error of a file without an item column', () => {
    expect(matchImportRows(checklistItemsFromCsv('what,qty\nTent,1'), [ada])).toEqual([
      { line: 1, error: 'The file needs an "item" column.' },
    ]);
  });
});

describe('itemChanges', () => {
  const item = { text: 'Tent', quantity: 1, assignee_id: null, due_date: null };
  const form = { text: 'Tent', quantity: '1', assigneeId: '', dueDate: '' };

  it('sends only the fields that changed', () => {
    expect(itemChanges(item, form)).toEqual({ changes: {} });
    expect(itemChanges(item, { ...form, text: ' Big tent ', quantity: '2' })).toEqual({
      changes: { text: 'Big tent', quantity: 2 },
    });
    expect(itemChanges(item, { ...form, assigneeId: 'u-ada', dueDate: '2027-07-16' })).toEqual({
      changes: { assignee_id: 'u-ada', due_date: '2027-07-16' },
    });
    expect(itemChanges({ ...item, assignee_id: 'u-ada' }, form)).toEqual({ changes: { assignee_id: null } });
  });

  it('refuses an empty text and a quantity that is not a whole number from 1 to 100000', () => {
    expect(itemChanges(item, { ...form, text: '   ' })).toEqual({ error: 'The item needs a text.' });
    expect(itemChanges(item, { ...form, text: 'x'.repeat(501) })).toEqual({
      error: 'Items can be 500 characters at most.',
    });
    for (const quantity of ['', '0', '1.5', '-2', '100001', 'two'])
      expect(itemChanges(item, { ...form, quantity })).toEqual({
        error: 'The quantity must be a whole number from 1 to 100000.',
      });
  });
});
