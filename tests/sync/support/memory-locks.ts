/** An in-process Web Locks stand-in (exclusive locks only), so two "tabs" in one Node process elect a leader. */
import type { LockManagerLike } from '../../../src/sync/leader.ts';

export function memoryLocks(): LockManagerLike {
  const queues = new Map<string, Array<() => void>>();
  const held = new Set<string>();
  return {
    async request(name, options, callback) {
      if (held.has(name)) {
        await new Promise<void>((resolve, reject) => {
          const queue = queues.get(name) ?? [];
          queues.set(name, queue);
          queue.push(resolve);
          options.signal?.addEventListener('abort', () => {
            queue.splice(queue.indexOf(resolve), 1);
            reject(new DOMException('aborted', 'AbortError'));
          });
        });
      }
      held.add(name);
      try {
        return await callback();
      } finally {
        held.delete(name);
        queues.get(name)?.shift()?.();
      }
    },
  };
}
