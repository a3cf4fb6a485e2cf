/**
 * A backend for pull tests: rows per table, answered as PostgREST would for the pull's reads (the
 * keyset filter and the overlap window, `eq`/`in` filters, limit and offset, and db-max-rows,
 * which cuts any answer at 1,000 rows). It records every request, and how many were in flight at
 * once when answers take `delayMs`.
 */
import type { ScriptedRequest } from './harness.ts';

/** PostgREST's db-max-rows on Supabase (and supabase/local). */
const MAX_ROWS = 1000;
const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'or', 'updated_at']);

export class FakeBackend {
  tables: Record<string, Record<string, unknown>[]> = {};
  requests: ScriptedRequest[] = [];
  delayMs = 0;
  inFlight = 0;
  mostInFlight = 0;
  onPatch: (req: ScriptedRequest) => { status: number; body?: unknown };

  constructor(onPatch: (req: ScriptedRequest) => { status: number; body?: unknown }) {
    this.onPatch = onPatch;
  }

  answer = async (req: ScriptedRequest): Promise<{ status: number; body?: unknown }> => {
    this.requests.push(req);
    this.inFlight++;
    this.mostInFlight = Math.max(this.mostInFlight, this.inFlight);
    try {
      if (this.delayMs) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
      return this.read(req);
    } finally {
      this.inFlight--;
    }
  };

  private read(req: ScriptedRequest): { status: number; body?: unknown } {
    if (req.path.startsWith('/rest/v1/rpc/')) return { status: 200, body: [] };
    const table = req.path.replace('/rest/v1/', '');
    if (req.method === 'PATCH') return this.onPatch(req);
    let rows = [...(this.tables[table] ?? [])].sort(
      (a, b) =>
        String(a.updated_at ?? a.id).localeCompare(String(b.updated_at ?? b.id)) ||
        String(a.id).localeCompare(String(b.id)),
    );
    const gte = req.search.get('updated_at');
    if (gte) rows = rows.filter((r) => Date.parse(String(r.updated_at)) >= Date.parse(gte.replace(/^gte\./, '')));
    const or = req.search.get('or');
    if (or) {
      const [, since] = /updated_at\.gt\."([^"]+)"/.exec(or)!;
      const [, afterId] = /id\.gt\."([^"]*)"/.exec(or)!;
      const t = Date.parse(since);
      rows = rows.filter(
        (r) =>
          Date.parse(String(r.updated_at)) > t || (Date.parse(String(r.updated_at)) === t && String(r.id) > afterId),
      );
    }
    for (const [column, filter] of req.search) {
      if (RESERVED.has(column)) continue;
      const list = /^in\.\((.*)\)$/.exec(filter)?.[1].split(',');
      if (list) rows = rows.filter((r) => list.includes(String(r[column])));
      else if (filter.startsWith('eq.')) rows = rows.filter((r) => String(r[column]) === filter.slice(3));
    }
    const offset = Number(req.search.get('offset') ?? 0);
    const limit = Math.min(Number(req.search.get('limit') ?? MAX_ROWS), MAX_ROWS);
    rows = rows.slice(offset, offset + limit);
    if (req.search.get('select') === 'id') return { status: 200, body: rows.map((r) => ({ id: r.id })) };
    return { status: 200, body: rows };
  }
}
