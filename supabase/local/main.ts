/** `npm run backend`: starts the local backend with the configuration from the environment. */
import { startBackend } from './server.ts';

const backend = await startBackend();
const { ms, isNew, applied } = backend.startup;
console.log(
  `CrewCamp local Supabase backend on ${backend.url} (${backend.db.kind}, ${isNew ? 'new database' : 'existing database'}, ` +
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
