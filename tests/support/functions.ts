/**
 * Calls a server function of the local backend over HTTP as a browser would (bearer + apikey),
 * answering the status and the parsed JSON body, so tests can assert 4xx answers and `{error}`.
 */
import type { TestBackend } from './backend.ts';

export interface FunctionAnswer<T = Record<string, unknown>> {
  status: number;
  body: T;
}

export async function callFunction<T = Record<string, unknown>>(
  backend: TestBackend,
  name: string,
  options: {
    token?: string | null;
    body?: unknown;
    method?: string;
    headers?: Record<string, string>;
    rawBody?: string;
  } = {},
): Promise<FunctionAnswer<T>> {
  const headers: Record<string, string> = { apikey: backend.anonKey, ...options.headers };
  const token = options.token === undefined ? backend.anonKey : options.token;
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['Content-Type'] = 'application/json';
  }
  const response = await fetch(`${backend.url}/functions/v1/${name}`, {
    method: options.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}
