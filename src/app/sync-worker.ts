/**
 * The sync worker: this tab's leader candidate, running the engine's pull, push and Realtime off
 * the main thread (src/sync/sync-worker-contract.ts). Started by device-sync.ts after the first
 * screen is drawn.
 */
import { expose } from 'comlink';
import { workerApi } from '../sync/sync-worker-contract.ts';
import { syncRegistry } from './sync-registry.ts';

expose(workerApi((config) => syncRegistry({ supabaseUrl: config.supabaseUrl })));
