/** `npm run backend`: starts the local backend with the configuration from the environment. */
import { startBackend, type Backend } from './server.ts';
import { DataFolderError } from './startup.ts';

let backend: Backend;
try {
  backend = await startBackend();
} catch (error) {
  // A folder the backend cannot use is the operator's to fix: the message says how, no stack needed.
  if (error instanceof DataFolderError) console.error(`Could not start the local backend: ${error.message}`);
  else console.error('Could not start the local backend:', error);
  process.exit(1);
}

const { ms, isNew, applied, template } = backend.startup;
const made = template === 'copied' ? ', copied from the template' : template === 'created' ? ', template made now' : '';
console.log(
  `CrewCamp local Supabase backend on ${backend.url} (${backend.db.kind}, ${isNew ? `new database${made}` : 'existing database'}, ` +
    `${applied.length} migration(s) applied, ready in ${Math.round(ms)} ms)`,
);
console.log(`  anon key:         ${backend.anonKey}`);
console.log(`  service_role key: ${backend.serviceRoleKey}`);
console.log(`  mail sent:        ${backend.url}/_dev/mail`);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  backend.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
// Started by a test runner with an IPC channel: stop when that runner goes, even if it was killed,
// so no backend outlives the run that started it.
if (process.channel) process.on('disconnect', stop);
