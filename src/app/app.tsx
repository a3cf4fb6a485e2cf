import { useEffect, useState } from 'react';
import { env } from '../lib/env.ts';
import { supabase } from '../lib/supabase.ts';

type BackendState = 'checking' | 'reachable' | 'unreachable';

/**
 * The app shell, for now: the product's name and whether the configured backend answers. The
 * routes, sign-in and every screen arrive with the web app issue.
 */
export function App() {
  const [backend, setBackend] = useState<BackendState>('checking');

  useEffect(() => {
    let cancelled = false;
    supabase.auth
      .getSession()
      .then(() => fetch(`${env.supabaseUrl}/auth/v1/health`, { headers: { apikey: env.supabaseAnonKey } }))
      .then((res) => !cancelled && setBackend(res.ok ? 'reachable' : 'unreachable'))
      .catch(() => !cancelled && setBackend('unreachable'));
    return () => {
      cancelled = true;
    };
  }, []);

  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: '32rem', margin: '4rem auto', padding: '0 1rem' }}>
      <h1>CrewCamp</h1>
      <p>Your event crew, connected.</p>
      <p role="status">
        Backend {env.supabaseUrl}:{' '}
        {backend === 'checking' ? 'checking…' : backend === 'reachable' ? 'reachable' : 'not reachable'}
      </p>
    </main>
  );
}
