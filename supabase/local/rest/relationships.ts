/**
 * Resource embedding: which foreign key (or junction table) links a table to the resource a
 * `select` names, as PostgREST v12 decides it — by target table, foreign-key name or column
 * (many-to-one), narrowed by `!hint` — and the SQL condition that joins the two. Ambiguity is
 * PGRST201 (300), no relationship is PGRST200 (400).
 */
import { pgrstError } from './errors.ts';
import { SCHEMA, qualified, quoteIdent, type ForeignKey, type SchemaCache } from './schema.ts';

export interface Relationship {
  kind: 'm2o' | 'o2m' | 'o2o' | 'm2m';
  /** m2o: parent -> target; o2m/o2o: target -> parent; m2m: junction -> parent. */
  fk: ForeignKey;
  /** m2m: junction -> target. */
  fk2?: ForeignKey;
  junction?: string;
  target: string;
  toMany: boolean;
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

function candidates(cache: SchemaCache, parent: string, name: string): Relationship[] {
  const out: Relationship[] = [];
  for (const fk of cache.foreignKeys) {
    if (
      fk.table === parent &&
      (fk.refTable === name || fk.name === name || (fk.columns.length === 1 && fk.columns[0] === name))
    ) {
      out.push({ kind: 'm2o', fk, target: fk.refTable, toMany: false });
    }
    if (fk.refTable === parent && (fk.table === name || fk.name === name)) {
      const unique = cache.tables.get(fk.table)?.uniques.some((u) => sameSet(u, fk.columns)) ?? false;
      out.push({ kind: unique ? 'o2o' : 'o2m', fk, target: fk.table, toMany: !unique });
    }
  }
  // Many-to-many through a junction whose key holds both foreign keys' columns.
  const byTable = new Map<string, ForeignKey[]>();
  for (const fk of cache.foreignKeys) byTable.set(fk.table, [...(byTable.get(fk.table) ?? []), fk]);
  for (const [junction, fks] of byTable) {
    const table = cache.tables.get(junction);
    if (!table || junction === parent || junction === name) continue;
    for (const a of fks) {
      if (a.refTable !== parent) continue;
      for (const b of fks) {
        if (b === a || b.refTable !== name) continue;
        const keyed = table.uniques.some((u) => [...a.columns, ...b.columns].every((c) => u.includes(c)));
        if (keyed) out.push({ kind: 'm2m', fk: a, fk2: b, junction, target: b.refTable, toMany: true });
      }
    }
  }
  return out;
}

function matchesHint(rel: Relationship, hint: string): boolean {
  if (rel.fk.name === hint || rel.fk2?.name === hint || rel.junction === hint) return true;
  if (rel.kind === 'm2m') return false;
  return rel.fk.columns.length === 1 && rel.fk.columns[0] === hint;
}

function describe(rel: Relationship, parent: string) {
  const cardinality = { m2o: 'many-to-one', o2m: 'one-to-many', o2o: 'one-to-one', m2m: 'many-to-many' }[rel.kind];
  const cols = (t: string, c: string[]) => `${SCHEMA}.${t}(${c.join(', ')})`;
  const relationship =
    rel.kind === 'm2m'
      ? `${SCHEMA}.${rel.junction} using ${rel.fk.name}(${rel.fk.columns.join(', ')}) and ${rel.fk2!.name}(${rel.fk2!.columns.join(', ')})`
      : `${rel.fk.name} using ${cols(rel.fk.table, rel.fk.columns)} and ${cols(rel.fk.refTable, rel.fk.refColumns)}`;
  return { cardinality, embedding: `${parent} with ${rel.target}`, relationship };
}

export function findRelationship(cache: SchemaCache, parent: string, name: string, hint?: string): Relationship {
  let found = candidates(cache, parent, name);
  if (hint !== undefined) found = found.filter((rel) => matchesHint(rel, hint));
  // A self-reference named by its table is the one-to-many side; its column names the many-to-one.
  if (found.length === 2 && found[0].fk === found[1].fk && name === parent) {
    found = found.filter((rel) => rel.kind !== 'm2o');
  }
  if (found.length === 1) return found[0];
  if (found.length === 0) {
    throw pgrstError(
      400,
      'PGRST200',
      `Could not find a relationship between '${parent}' and '${name}' in the schema cache`,
      `Searched for a foreign key relationship between '${parent}' and '${name}'${hint ? ` using the hint '${hint}'` : ''} in the schema '${SCHEMA}', but no matches were found.`,
      null,
    );
  }
  const options = found.map((rel) => `'${name}!${rel.kind === 'm2m' ? rel.junction : rel.fk.name}'`);
  throw pgrstError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${parent}' and '${name}'`,
    found.map((rel) => describe(rel, parent)),
    `Try changing '${name}' to one of the following: ${options.join(', ')}. Find the desired relationship in the 'details' key.`,
  );
}

/** The condition joining the embedded (child) alias to its parent alias. */
export function joinCondition(
  rel: Relationship,
  parentAlias: string,
  childAlias: string,
  junctionAlias: string,
): string {
  const p = (c: string) => `${quoteIdent(parentAlias)}.${quoteIdent(c)}`;
  const c = (col: string) => `${quoteIdent(childAlias)}.${quoteIdent(col)}`;
  const j = (col: string) => `${quoteIdent(junctionAlias)}.${quoteIdent(col)}`;
  const { fk } = rel;
  if (rel.kind === 'm2o') return fk.columns.map((col, i) => `${c(fk.refColumns[i])} = ${p(col)}`).join(' AND ');
  if (rel.kind === 'o2m' || rel.kind === 'o2o')
    return fk.columns.map((col, i) => `${c(col)} = ${p(fk.refColumns[i])}`).join(' AND ');
  const fk2 = rel.fk2!;
  const conds = [
    ...fk.columns.map((col, i) => `${j(col)} = ${p(fk.refColumns[i])}`),
    ...fk2.columns.map((col, i) => `${j(col)} = ${c(fk2.refColumns[i])}`),
  ];
  return `EXISTS (SELECT 1 FROM ${qualified(rel.junction!)} AS ${quoteIdent(junctionAlias)} WHERE ${conds.join(' AND ')})`;
}
