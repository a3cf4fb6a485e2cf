/**
 * The built-in checklist templates (festival, camping, road trip), on every tier: starting one is
 * making a list and adding its items, the basic checklist changes every plan has, so it works
 * offline and on a free event. The user's own templates (saved from lists) stay starter's.
 */
import type { RawArgs } from '../../sync/kind-registry.ts';
import type { ChecklistKind } from './sync/checklist-rows.ts';

export interface BuiltInTemplate {
  id: 'festival' | 'camping' | 'road-trip';
  title: string;
  kind: ChecklistKind;
  items: readonly { text: string; quantity: number }[];
}

export const BUILT_IN_TEMPLATES: readonly BuiltInTemplate[] = [
  {
    id: 'festival',
    title: 'Festival weekend',
    kind: 'packing',
    items: [
      { text: 'Festival tickets', quantity: 1 },
      { text: 'Tent', quantity: 1 },
      { text: 'Sleeping bag', quantity: 1 },
      { text: 'Earplugs', quantity: 2 },
      { text: 'Rain poncho', quantity: 1 },
      { text: 'Power bank', quantity: 1 },
      { text: 'Sunscreen', quantity: 1 },
      { text: 'Reusable cup', quantity: 1 },
      { text: 'Headlamp', quantity: 1 },
      { text: 'Cash', quantity: 1 },
    ],
  },
  {
    id: 'camping',
    title: 'Camping trip',
    kind: 'packing',
    items: [
      { text: 'Tent with pegs', quantity: 1 },
      { text: 'Sleeping mat', quantity: 1 },
      { text: 'Sleeping bag', quantity: 1 },
      { text: 'Camping stove and gas', quantity: 1 },
      { text: 'Pot, pan and cutlery', quantity: 1 },
      { text: 'Water canister', quantity: 1 },
      { text: 'Headlamp', quantity: 1 },
      { text: 'First aid kit', quantity: 1 },
      { text: 'Bin bags', quantity: 5 },
      { text: 'Bottle opener', quantity: 1 },
    ],
  },
  {
    id: 'road-trip',
    title: 'Road trip',
    kind: 'todo',
    items: [
      { text: 'Check tyres, oil and lights', quantity: 1 },
      { text: 'Driving licences and car papers', quantity: 1 },
      { text: 'Plan the route and the stops', quantity: 1 },
      { text: 'Vignette or toll pass', quantity: 1 },
      { text: 'Phone charger for the car', quantity: 1 },
      { text: 'Snacks and water', quantity: 1 },
      { text: 'Playlist', quantity: 1 },
      { text: 'Warning triangle and vest', quantity: 1 },
    ],
  },
];

/** The changes that start a list of `eventId` from a built-in template: the list, then its items. */
export function builtInTemplateChanges(
  template: BuiltInTemplate,
  eventId: string,
  listId: string = crypto.randomUUID(),
): { list: RawArgs<'checklist.create'>; items: RawArgs<'checklist-item.add'>[] } {
  return {
    list: { id: listId, eventId, title: template.title, kind: template.kind },
    items: template.items.map((item) => ({ eventId, checklistId: listId, text: item.text, quantity: item.quantity })),
  };
}
