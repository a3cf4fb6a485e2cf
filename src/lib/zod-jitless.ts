/**
 * The app runs under a Content-Security-Policy without 'unsafe-eval' (scripts/security-headers.ts).
 * On its first parse zod probes whether it may compile a fast path with `new Function`; the
 * browser refuses and reports a CSP violation, and zod parses without it anyway. Saying so up
 * front skips the probe. main.tsx imports this first, before any module parses with zod.
 */
import { config } from 'zod/mini';

config({ jitless: true });
