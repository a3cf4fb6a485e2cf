/** Server rows as PostgREST answers them, for the scripted backends of the sync unit tests. */

/** An `events` row: active, free, no dates; `fields` override any column. */
export function serverEventRow(id: string, createdBy: string, updatedAt: string, fields: Record<string, unknown> = {}) {
  return {
    id,
    name: 'Camp',
    description: null,
    location: null,
    start_date: null,
    end_date: null,
    access_tier: 'free',
    status: 'active',
    created_by: createdBy,
    client_ref: null,
    created_at: updatedAt,
    updated_at: updatedAt,
    deleted_at: null,
    ...fields,
  };
}
