/**
 * Checklists, their items and templates: this feature's part of the sync engine (mutation kinds,
 * pull sources, row schemas). No React or UI here: the service worker imports it
 * (src/app/sync-registry.ts).
 */
import type { SyncFeature } from '../../../sync/kind-registry.ts';
import { cloneChecklist, createChecklist, deleteChecklist, updateChecklist } from './checklist-kinds.ts';
import {
  addChecklistItem,
  deleteChecklistItem,
  moveChecklistItems,
  setChecklistItemDone,
  updateChecklistItem,
} from './checklist-item-kinds.ts';
import {
  deleteChecklistTemplate,
  duplicateChecklistTemplate,
  saveChecklistTemplate,
  startChecklistFromTemplate,
} from './checklist-template-kinds.ts';
import { checklistsSource, checklistItemsSource, checklistTemplatesSource } from './checklist-sources.ts';

export * from './checklist-rows.ts';

const checklistKinds = [
  createChecklist,
  updateChecklist,
  deleteChecklist,
  cloneChecklist,
  addChecklistItem,
  updateChecklistItem,
  setChecklistItemDone,
  moveChecklistItems,
  deleteChecklistItem,
  saveChecklistTemplate,
  startChecklistFromTemplate,
  duplicateChecklistTemplate,
  deleteChecklistTemplate,
] as const;

export const checklistsSync = {
  kinds: checklistKinds,
  sources: [checklistsSource, checklistItemsSource, checklistTemplatesSource],
} satisfies SyncFeature;
