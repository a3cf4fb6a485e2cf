/**
 * Runs inside each function's Deno process, before the function's own entry (`deno run --preload`),
 * to serve it as the hosted Edge Runtime does:
 * - the function's `Deno.serve(handler)` (or `export default { fetch }`) listens on 127.0.0.1 on a
 *   port of the system's choosing, which it reports on stdout for the backend to proxy to;
 * - a handler that throws (or answers no Response) is logged and answered 500 WORKER_ERROR, and
 *   the process goes on serving;
 * - an entry that serves nothing fails to boot (the backend answers 503 BOOT_ERROR);
 * - the process ends when its standard input closes, that is when the backend that started it is
 *   gone, however it ended: no function outlives its backend.
 * Checked by `deno check` (npm run lint), not by tsc: this is Deno code.
 */

const LISTENING = '__crewcamp_function_listening__';

type Handler = (req: Request, info: Deno.ServeHandlerInfo<Deno.NetAddr>) => Response | Promise<Response>;

const serve = Deno.serve.bind(Deno);
let server: Deno.HttpServer | null = null;

function workerError(): Response {
  return Response.json(
    { code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' },
    { status: 500, headers: { 'sb-error-code': 'EDGE_FUNCTION_ERROR' } },
  );
}

function guarded(handler: Handler): Handler {
  return async (req, info) => {
    try {
      const response: unknown = await handler(req, info);
      if (response instanceof Response) return response;
      console.error(new TypeError('The function did not answer with a Response'));
    } catch (error) {
      console.error(error);
    }
    return workerError();
  };
}

/** The handler of any form Deno.serve takes: (handler), (options, handler), ({ handler, ... }). */
function handlerOf(args: unknown[]): Handler | null {
  for (const arg of args) {
    if (typeof arg === 'function') return arg as Handler;
    const inOptions = (arg as { handler?: unknown } | null)?.handler;
    if (typeof inOptions === 'function') return inOptions as Handler;
  }
  return null;
}

function listen(handler: Handler): Deno.HttpServer {
  // The hosted runtime decides where a function listens, whatever port it asks for; so does this.
  server ??= serve(
    {
      hostname: '127.0.0.1',
      port: 0,
      onListen: ({ port }) => console.log(`${LISTENING} ${port}`),
    },
    guarded(handler),
  );
  return server;
}

Object.defineProperty(Deno, 'serve', {
  configurable: true,
  value: (...args: unknown[]) => {
    const handler = handlerOf(args);
    if (!handler) throw new TypeError('Deno.serve needs a handler');
    return listen(handler);
  },
});

/** Ends the process when its standard input closes: the backend that started it is gone. */
async function endWithBackend(): Promise<void> {
  const reader = Deno.stdin.readable.getReader();
  try {
    while (!(await reader.read()).done) {
      // Nothing is sent on stdin; it only tells that the backend is still there.
    }
  } catch {
    // A broken pipe means the same: the backend is gone.
  }
  Deno.exit(0);
}

// Once the function's module has run (reading stdin before would hold its loading back).
addEventListener('load', async () => {
  void endWithBackend();
  if (server) return;
  const main = (await import(Deno.mainModule)) as { default?: { fetch?: unknown } };
  const fetchHandler = main.default?.fetch;
  if (typeof fetchHandler === 'function') {
    listen(fetchHandler.bind(main.default) as Handler);
    return;
  }
  console.error('The function serves nothing: call Deno.serve(handler) or export default { fetch }');
  Deno.exit(1);
});
