/** The mutation kinds of the event pages: group chat, checklists and templates, schedule (issue 7), transport, expenses and the site planner (issue 8). */
import { chatKinds } from './chat-kinds.ts';
import { checklistKinds } from './checklist-kinds.ts';
import { expenseKinds } from './expense-kinds.ts';
import { scheduleKinds } from './schedule-kinds.ts';
import { sitePlanKinds } from './site-plan-kinds.ts';
import { transportKinds } from './transport-kinds.ts';

export const eventPageKinds = [
  ...chatKinds,
  ...checklistKinds,
  ...scheduleKinds,
  ...transportKinds,
  ...expenseKinds,
  ...sitePlanKinds,
];
