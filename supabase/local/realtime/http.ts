/**
 * Realtime's HTTP broadcast API, as realtime-js uses it when a channel is not joined (`send()`'s
 * REST fallback) and for `httpSend()`: `POST /api/broadcast` with `{messages: [{topic, event,
 * payload, private}]}` and `POST /api/broadcast/{topic}/events/{event}` with the payload as the
 * body (JSON only here). Both answer 202. Public topics reach every joined channel. A message to
 * a private topic is sent only when the caller may send broadcast there (the service role, or
 * the realtime.messages policies for the caller's role and claims, as a join checks them) and
 * reaches the channels that may read broadcast there; the others are dropped without a word, as
 * the hosted server drops them.
 */
import { z } from 'zod';
import { apiKeyFailure, HttpError, readJson, resolveCaller, type ApiHandler, type App } from '../app.ts';
import type { ChannelAuth } from './auth.ts';
import { channelPolicies, isBanned } from './authorization.ts';
import type { Realtime } from './index.ts';

const messagesSchema = z.object({
  messages: z
    .array(
      z.object({
        topic: z.string().min(1).max(255),
        event: z.string().min(1).max(255),
        payload: z.unknown().optional(),
        private: z.boolean().optional(),
      }),
    )
    .max(100),
});

const badRequest = (message: string) => new HttpError(400, { error: 'Bad Request', message });

export function realtimeHttpApi(app: App, realtime: () => Realtime | null): ApiHandler {
  return async (req) => {
    const resolved = await resolveCaller(app, req);
    if (!resolved.ok) {
      return apiKeyFailure(resolved.failure) ?? { status: 401, body: { message: 'Invalid JWT' } };
    }
    const current = realtime();
    if (!current) throw new HttpError(503, { message: 'Realtime is not running' });
    const auth: ChannelAuth = {
      token: resolved.token,
      claims: resolved.claims,
      role: resolved.caller.role,
      expiresAt: typeof resolved.claims.exp === 'number' ? resolved.claims.exp * 1000 : 0,
    };
    const allowed = new Map<string, Promise<boolean>>();
    const mayWrite = (topic: string) => {
      let answer = allowed.get(topic);
      if (!answer) {
        answer =
          auth.role === 'service_role'
            ? Promise.resolve(true)
            : isBanned(current.db, auth).then(
                async (banned) => !banned && (await channelPolicies(current.db, auth, topic)).broadcast.write,
              );
        allowed.set(topic, answer);
      }
      return answer;
    };
    const send = async (topic: string, event: string, payload: unknown, isPrivate: boolean) => {
      if (isPrivate && !(await mayWrite(topic))) return;
      current.hub.broadcastToTopic(`realtime:${topic}`, isPrivate, { type: 'broadcast', event, payload });
    };
    if (req.method !== 'POST') return { status: 405, body: { message: 'Method not allowed' } };

    if (req.path === '/api/broadcast') {
      const parsed = messagesSchema.safeParse(await readJson(req, () => badRequest('Malformed JSON body')));
      if (!parsed.success) throw badRequest('Expected {messages: [{topic, event, payload}]}');
      for (const message of parsed.data.messages) {
        await send(message.topic, message.event, message.payload ?? {}, message.private ?? false);
      }
      return { status: 202, body: '' };
    }

    const match = /^\/api\/broadcast\/([^/]+)\/events\/([^/]+)$/.exec(req.path);
    if (match) {
      let topic: string;
      let event: string;
      try {
        topic = decodeURIComponent(match[1]);
        event = decodeURIComponent(match[2]);
      } catch {
        throw badRequest('Malformed topic or event');
      }
      if (!(req.header('content-type') ?? '').includes('application/json')) {
        throw new HttpError(415, { error: 'Unsupported Media Type', message: 'Only JSON payloads are supported here' });
      }
      const payload = await readJson(req, () => badRequest('Malformed JSON body'));
      await send(topic, event, payload, req.url.searchParams.get('private') === 'true');
      return { status: 202, body: '' };
    }
    return { status: 404, body: { message: 'Not found' } };
  };
}
