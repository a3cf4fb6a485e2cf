/** The mutation kinds of the event pages (issue 7): group chat, checklists and templates, schedule. */
import { chatKinds } from './chat-kinds.ts';
import { checklistKinds } from './checklist-kinds.ts';
import { scheduleKinds } from './schedule-kinds.ts';

export const eventPageKinds = [...chatKinds, ...checklistKinds, ...scheduleKinds];
