/**
 * GET calendar-feed?token=…: a member's secret calendar feed (issue 21), subscribed to by calendar
 * apps, which send no JWT (verify_jwt is off in supabase/config.toml; the token is the secret).
 * The database keeps only the token's SHA-256 (public.calendar_feeds); calendar_feed_of, callable
 * by the service role only, answers the schedules of the events the owner is still a member of.
 * An unknown, revoked or malformed token gets the same short 404, so a guess learns nothing.
 * The iCalendar text is built by the schedule's own export (_shared/icalendar.ts, here so that a
 * hosted deploy bundles it; the app's schedule re-exports it), one VTIMEZONE per event time zone.
 */
import { serviceClient } from '../_shared/clients.ts';
import { corsHeaders } from '../_shared/http.ts';
import { toICalendar, type CalendarItem } from '../_shared/icalendar.ts';

interface FeedEvent {
  id: string;
  name: string;
  time_zone: string | null;
  items: CalendarItem[];
}

const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

function text(status: number, body: string): Response {
  return new Response(body, { status, headers: { ...corsHeaders, 'Content-Type': 'text/plain; charset=utf-8' } });
}

const notFound = () => text(404, 'No calendar at this address. It may have been turned off or replaced.');

export async function handler(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (req.method !== 'GET' && req.method !== 'HEAD') return text(405, 'Method not allowed: use GET');
  // A calendar app may append `.ics`; anything else that is not a token is a miss, checked here
  // before the database is asked.
  const token = (new URL(req.url).searchParams.get('token') ?? '').replace(/\.ics$/, '');
  if (!TOKEN.test(token)) return notFound();

  const { data, error } = await serviceClient().rpc('calendar_feed_of', { p_token: token });
  if (error) return text(503, 'The calendar could not be read just now. Your calendar app will try again.');
  const feed = data as { events: FeedEvent[] } | null;
  if (!feed) return notFound();

  const now = new Date();
  // One calendar holds every event's items, so each title names its event ("Lake camp: Breakfast").
  const calendars = feed.events.map((event) =>
    toICalendar(
      event.items.map((item) => ({ ...item, title: `${event.name}: ${item.title}` })),
      { eventId: event.id, timeZone: event.time_zone, now },
    ),
  );
  const body = merge(calendars, 'CrewCamp');
  return new Response(req.method === 'HEAD' ? null : body, {
    status: 200,
    headers: {
      ...corsHeaders,
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'inline; filename="crewcamp.ics"',
      'Cache-Control': 'private, max-age=300',
    },
  });
}

/**
 * One VCALENDAR from each event's: the first one's header, every VTIMEZONE once (two events in
 * the same zone share it), then every VEVENT. Each part is RFC 5545 text from ical-generator, its
 * lines folded and ended in CRLF, so components are cut at their BEGIN/END lines.
 */
function merge(calendars: string[], name: string): string {
  const zones = new Map<string, string>();
  const events: string[] = [];
  for (const calendar of calendars) {
    for (const match of calendar.matchAll(/BEGIN:VTIMEZONE\r\n[\s\S]*?END:VTIMEZONE\r\n/g)) {
      const id = /TZID:([^\r\n]+)/.exec(match[0])?.[1] ?? match[0];
      if (!zones.has(id)) zones.set(id, match[0]);
    }
    for (const match of calendar.matchAll(/BEGIN:VEVENT\r\n[\s\S]*?END:VEVENT\r\n/g)) events.push(match[0]);
  }
  const escaped = name.replace(/[\\;,]/g, (c) => `\\${c}`);
  return [
    'BEGIN:VCALENDAR\r\n',
    'VERSION:2.0\r\n',
    'PRODID:-//CrewCamp//Schedule//EN\r\n',
    'CALSCALE:GREGORIAN\r\n',
    'METHOD:PUBLISH\r\n',
    `X-WR-CALNAME:${escaped}\r\n`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H\r\n',
    'X-PUBLISHED-TTL:PT1H\r\n',
    ...zones.values(),
    ...events,
    'END:VCALENDAR\r\n',
  ].join('');
}
