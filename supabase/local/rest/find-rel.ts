/**
 * Which relationship `origin?select=target!hint(...)` means, by PostgREST 13's rules: the target
 * names a table or view, or (tables only) a foreign key's name or a single column; a hint names
 * a foreign key, a column on either side or a junction table. In a self-relationship the table
 * name means the one-to-many side and a column name the many-to-one side. No match is PGRST200,
 * several are PGRST201, with PostgREST's texts, details and hints.
 */
import type { HttpError } from '../app.ts';
import { pgrstError } from './errors.ts';
import { fuzzyMatches } from './fuzzy.ts';
import { relKey, type SchemaCache } from './schema.ts';
import type { Cardinality, Relationship } from './relationships.ts';

const singleCol = (card: Cardinality, side: 0 | 1): string | null =>
  card.kind !== 'm2m' && card.cols.length === 1 ? card.cols[0][side] : null;
const consOf = (card: Cardinality): string | null => (card.kind === 'm2m' ? null : card.cons);

function matches(rel: Relationship, target: string, hint: string | undefined): boolean {
  if (rel.computed) return target === rel.fn.name;
  const { card } = rel;
  if (rel.isSelf) {
    if (hint === undefined)
      return (
        (target === rel.foreignTable.name && card.kind === 'o2m') ||
        (singleCol(card, 0) === target && card.kind === 'm2o')
      );
    return target === rel.foreignTable.name && card.kind === 'o2m' && singleCol(card, 1) === hint;
  }
  if (hint === undefined)
    return (
      target === rel.foreignTable.name ||
      (consOf(card) === target && !rel.fTableIsView) ||
      (singleCol(card, 0) === target && !rel.fTableIsView)
    );
  return (
    target === rel.foreignTable.name &&
    (consOf(card) === hint ||
      singleCol(card, 0) === hint ||
      singleCol(card, 1) === hint ||
      (card.kind === 'm2m' && card.junction.name === hint))
  );
}

function noRelHint(cache: SchemaCache, schema: string, origin: string, target: string): string | null {
  const parentRels = cache.relationships.get(relKey({ schema, name: origin }, schema));
  if (parentRels) {
    const children = parentRels.map((r) => r.foreignTable.name);
    const child = fuzzyMatches(children, target).find((m) => m.score < 1)?.entry;
    return child ? `Perhaps you meant '${child}' instead of '${target}'.` : null;
  }
  const parents = new Set<string>();
  for (const [key, rels] of cache.relationships) {
    const first = rels[0];
    if (first && key === relKey(first.table, schema)) parents.add(first.table.name);
  }
  const parent = fuzzyMatches(parents, origin)[0]?.entry;
  return parent ? `Perhaps you meant '${parent}' instead of '${origin}'.` : null;
}

function describe(rel: Relationship): Record<string, string> {
  if (rel.computed) return {};
  const els = (cols: string[]) => `(${cols.join(', ')})`;
  const { card } = rel;
  const embedding = `${rel.table.name} with ${rel.foreignTable.name}`;
  if (card.kind === 'm2m')
    return {
      cardinality: 'many-to-many',
      embedding,
      relationship: `${card.junction.name} using ${card.cons1}${els(card.colsSource.map(([, j]) => j))} and ${card.cons2}${els(card.colsTarget.map(([, j]) => j))}`,
    };
  const cardinality = { m2o: 'many-to-one', o2m: 'one-to-many', o2o: 'one-to-one' }[card.kind];
  return {
    cardinality,
    embedding,
    relationship: `${card.cons} using ${rel.table.name}${els(card.cols.map(([c]) => c))} and ${rel.foreignTable.name}${els(card.cols.map(([, f]) => f))}`,
  };
}

export function ambiguousRel(origin: string, target: string, rels: Relationship[]): HttpError {
  const options = rels
    .filter((r) => !r.computed)
    .map(
      (r) => `'${r.foreignTable.name}!${r.computed ? '' : r.card.kind === 'm2m' ? r.card.junction.name : r.card.cons}'`,
    );
  return pgrstError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${origin}' and '${target}'`,
    rels.map(describe),
    `Try changing '${target}' to one of the following: ${options.join(', ')}. Find the desired relationship in the 'details' key.`,
  );
}

export function findRel(
  cache: SchemaCache,
  schema: string,
  origin: string,
  target: string,
  hint: string | undefined,
): Relationship {
  const candidates = cache.relationships.get(relKey({ schema, name: origin }, schema)) ?? [];
  const found = candidates.filter((rel) => matches(rel, target, hint));
  if (found.length === 1) return found[0];
  if (found.length > 1) throw ambiguousRel(origin, target, found);
  throw pgrstError(
    400,
    'PGRST200',
    `Could not find a relationship between '${origin}' and '${target}' in the schema cache`,
    `Searched for a foreign key relationship between '${origin}' and '${target}${hint !== undefined ? `' using the hint '${hint}` : ''}' in the schema '${schema}', but no matches were found.`,
    noRelHint(cache, schema, origin, target),
  );
}
