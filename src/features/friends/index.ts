/** The friends feature's public API: what other features and the app may import (lint-enforced). */
export * from './sync/index.ts';
export * from './use-friends.ts';
