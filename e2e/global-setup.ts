/** Starts the e2e stack (build, backend, preview: see stack.ts); returns its teardown. */
import { startStack } from './stack.ts';

export default async function globalSetup() {
  const stack = await startStack();
  return () => stack.stop();
}
