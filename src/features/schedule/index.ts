/** The schedule feature's public API: what other features and the app may import (lint-enforced). */
export * from './sync/index.ts';
export * from './use-schedule.ts';
export { inputValue } from './schedule-format.ts';
