/**
 * Which function `/rpc/name` calls, by PostgREST 13's overload rules: a function matches when
 * the argument names cover its required parameters and stay within its parameters; a function
 * with a single unnamed json/jsonb (text, xml, bytea for those content types) parameter is the
 * fallback for a POST. None is PGRST202 with its "Perhaps you meant" hint, several PGRST203.
 */
import { pgrstError } from './errors.ts';
import { fuzzyMatches } from './fuzzy.ts';
import { qiKey, type Routine, type SchemaCache } from './schema.ts';

/** The request body's media type, as far as a call cares. */
export type BodyType = 'json' | 'text' | 'xml' | 'bytea' | 'form';

const UNNAMED: Record<BodyType, string[]> = {
  json: ['json', 'jsonb'],
  text: ['text'],
  xml: ['xml'],
  bytea: ['bytea'],
  form: [],
};

const RAW_TYPES: BodyType[] = ['text', 'xml', 'bytea'];

function matchesParams(routine: Routine, keys: Set<string>, post: boolean, body: BodyType): boolean {
  const params = routine.params;
  if (params.length === 0) return keys.size === 0 && !(post && RAW_TYPES.includes(body));
  const required = params.filter((p) => p.required).map((p) => p.name);
  const optional = new Set(params.filter((p) => !p.required).map((p) => p.name));
  if (![...keys].every((k) => required.includes(k) || optional.has(k))) return false;
  return required.every((r) => keys.has(r));
}

const hasSingleUnnamed = (routine: Routine, post: boolean, body: BodyType) =>
  post && routine.params.length === 1 && UNNAMED[body].includes(routine.params[0].type);

function noRpcHint(
  cache: SchemaCache,
  schema: string,
  name: string,
  keys: string[],
  overloads: Routine[],
): string | null {
  const prefix = `Perhaps you meant to call the function ${schema}.`;
  if (overloads.length === 0) {
    const names = [...cache.routines.values()].flatMap((list) =>
      list.filter((r) => r.schema === schema).map((r) => r.name),
    );
    const found = fuzzyMatches(names, name)[0]?.entry;
    return found ? prefix + found : null;
  }
  const text = (names: string[]) => `(${[...names].sort().join(', ')})`;
  const lists = overloads.map((r) => text(r.params.map((p) => p.name)));
  const found = fuzzyMatches(lists, text(keys))[0]?.entry;
  return found ? prefix + name + found : null;
}

export function findRoutine(
  cache: SchemaCache,
  schema: string,
  name: string,
  keySet: Set<string>,
  post: boolean,
  body: BodyType,
): Routine {
  const overloads = cache.routines.get(qiKey({ schema, name })) ?? [];
  const named = overloads.filter((r) => matchesParams(r, keySet, post, body));
  const fallback = overloads.filter((r) => !matchesParams(r, keySet, post, body) && hasSingleUnnamed(r, post, body));
  const chosen = named.length ? named : fallback;
  if (chosen.length === 1) return chosen[0];
  if (chosen.length > 1) {
    const list = chosen.map(
      (r) => `${r.schema}.${r.name}(${r.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`,
    );
    throw pgrstError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${list.join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    );
  }
  const keys = [...keySet].sort();
  const onlyRaw = post && RAW_TYPES.includes(body);
  const listed = keys.length ? `(${keys.join(', ')})` : ' without parameters';
  const withParams = keys.length
    ? ` with parameter${keys.length > 1 ? 's' : ''} ${keys.join(', ')}`
    : ' without parameters';
  let searched: string;
  if (post && body !== 'json' && body !== 'form') searched = ` with a single unnamed ${body} parameter`;
  else if (post && body === 'json') searched = `${withParams} or with a single unnamed json/jsonb parameter`;
  else searched = withParams;
  throw pgrstError(
    404,
    'PGRST202',
    `Could not find the function ${schema}.${name}${onlyRaw ? '' : listed} in the schema cache`,
    `Searched for the function ${schema}.${name}${searched}, but no matches were found in the schema cache.`,
    onlyRaw ? null : noRpcHint(cache, schema, name, keys, overloads),
  );
}
