/**
 * How deep a JSON body may nest. JSON.parse copes with any depth, but what the backend does next
 * does not: JSON.stringify of the parsed value for a query parameter, and PostgreSQL's own jsonb
 * parser, recurse once per level and fail with a stack overflow (a 500) thousands of levels down.
 * No request of the app or of a Supabase client nests anywhere near this limit (serde_json, which
 * Supabase's Rust services use, stops at 128 too), so a deeper body is refused up front with a 400.
 */
export const MAX_JSON_DEPTH = 128;

/** Whether `text` nests arrays and objects more than `limit` levels deep (strings skipped). */
export function jsonTooDeep(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}

/** The message every API family gives for a body over the limit. */
export const TOO_DEEP_MESSAGE = `JSON nested more than ${MAX_JSON_DEPTH} levels deep is not accepted`;
