/**
 * Renders a catalog as the Supabase CLI's TypeScript types (postgres-meta's format), so that
 * `createClient<Database>` types every table, procedure and enum exactly as the CLI's output would.
 */
import type { Catalog, Column, FunctionArg, FunctionDef, PgType } from './catalog.ts';

export type { Catalog } from './catalog.ts';

const STRING_TYPES = new Set([
  'bpchar',
  'bytea',
  'cidr',
  'citext',
  'date',
  'inet',
  'interval',
  'macaddr',
  'money',
  'name',
  'text',
  'time',
  'timestamp',
  'timestamptz',
  'timetz',
  'tsvector',
  'uuid',
  'varchar',
  'xml',
]);
const NUMBER_TYPES = new Set(['float4', 'float8', 'int2', 'int4', 'int8', 'numeric', 'oid']);

const key = (name: string) => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name));
const never = '{\n[_ in never]: never\n}';

/** The TypeScript type of a PostgreSQL type. */
export function tsType(type: PgType): string {
  if (type.element) return `${tsType(type.element)}[]`;
  if (type.name === 'bool') return 'boolean';
  if (NUMBER_TYPES.has(type.name)) return 'number';
  if (STRING_TYPES.has(type.name)) return 'string';
  if (type.name === 'json' || type.name === 'jsonb') return 'Json';
  if (type.name === 'void') return 'undefined';
  if (type.name === 'record') return 'Record<string, unknown>';
  if (type.schema === 'public' && type.kind === 'e') return `Database["public"]["Enums"][${JSON.stringify(type.name)}]`;
  if (type.schema === 'public' && type.kind === 'c' && type.relation) {
    const group = type.relation.kind === 'c' ? 'CompositeTypes' : type.relation.kind === 'v' ? 'Views' : 'Tables';
    const row = group === 'CompositeTypes' ? '' : '["Row"]';
    return `Database["public"][${JSON.stringify(group)}][${JSON.stringify(type.relation.name)}]${row}`;
  }
  return 'unknown';
}

function columnsBlock(columns: Column[], mode: 'Row' | 'Insert' | 'Update'): string {
  const lines = columns.map((column) => {
    const type = `${tsType(column.type)}${column.isNullable ? ' | null' : ''}`;
    if (mode === 'Row') return `${key(column.name)}: ${type}`;
    if (column.isGenerated) return `${key(column.name)}?: never`;
    const isOptional = mode === 'Update' || column.isNullable || column.hasDefault || column.isIdentity;
    return `${key(column.name)}${isOptional ? '?' : ''}: ${type}`;
  });
  return `{\n${lines.join('\n')}\n}`;
}

function argsBlock(args: FunctionArg[]): string {
  if (args.length === 0) return 'never';
  return `{ ${args.map((arg) => `${key(arg.name)}${arg.hasDefault ? '?' : ''}: ${tsType(arg.type)}`).join('; ')} }`;
}

function returnsOf(fn: FunctionDef): string {
  if (fn.table) return `{\n${fn.table.map((column) => `${key(column.name)}: ${tsType(column.type)}`).join('\n')}\n}[]`;
  return `${tsType(fn.returns)}${fn.returnsSet ? '[]' : ''}`;
}

function renderFunctions(functions: FunctionDef[]): string {
  if (functions.length === 0) return never;
  const names = [...new Set(functions.map((fn) => fn.name))];
  const entries = names.map((name) => {
    const overloads = functions.filter((fn) => fn.name === name);
    const bodies = overloads.map((fn) => `{\nArgs: ${argsBlock(fn.args)}\nReturns: ${returnsOf(fn)}\n}`);
    return `${key(name)}: ${bodies.length === 1 ? bodies[0] : bodies.map((b) => `| ${b}`).join('\n')}`;
  });
  return `{\n${entries.join('\n')}\n}`;
}

export function renderDatabase(catalog: Catalog): string {
  const relationships = (table: string) => {
    const keys = catalog.foreignKeys.filter((fk) => fk.table === table);
    if (keys.length === 0) return '[]';
    return `[\n${keys
      .map(
        (fk) =>
          `{\nforeignKeyName: ${JSON.stringify(fk.name)}\ncolumns: ${JSON.stringify(fk.columns)}\nisOneToOne: ${fk.isOneToOne}\nreferencedRelation: ${JSON.stringify(fk.referencedRelation)}\nreferencedColumns: ${JSON.stringify(fk.referencedColumns)}\n},`,
      )
      .join('\n')}\n]`;
  };
  const tables = catalog.relations.filter((r) => r.kind === 'table');
  const views = catalog.relations.filter((r) => r.kind === 'view');
  const tablesBlock = tables.length
    ? `{\n${tables
        .map(
          (t) =>
            `${key(t.name)}: {\nRow: ${columnsBlock(t.columns, 'Row')}\nInsert: ${columnsBlock(t.columns, 'Insert')}\nUpdate: ${columnsBlock(t.columns, 'Update')}\nRelationships: ${relationships(t.name)}\n}`,
        )
        .join('\n')}\n}`
    : never;
  const viewsBlock = views.length
    ? `{\n${views
        .map((v) => {
          const writes = v.isUpdatable
            ? `\nInsert: ${columnsBlock(v.columns, 'Insert')}\nUpdate: ${columnsBlock(v.columns, 'Update')}`
            : '';
          return `${key(v.name)}: {\nRow: ${columnsBlock(v.columns, 'Row')}${writes}\nRelationships: ${relationships(v.name)}\n}`;
        })
        .join('\n')}\n}`
    : never;
  const enumsBlock = catalog.enums.length
    ? `{\n${catalog.enums.map((e) => `${key(e.name)}: ${e.values.map((v) => JSON.stringify(v)).join(' | ')}`).join('\n')}\n}`
    : never;
  const compositesBlock = catalog.composites.length
    ? `{\n${catalog.composites
        .map(
          (c) =>
            `${key(c.name)}: {\n${c.attributes.map((a) => `${key(a.name)}: ${tsType(a.type)} | null`).join('\n')}\n}`,
        )
        .join('\n')}\n}`
    : never;
  const constants = `export const Constants = {\npublic: {\nEnums: {\n${catalog.enums
    .map((e) => `${key(e.name)}: [${e.values.map((v) => JSON.stringify(v)).join(', ')}],`)
    .join('\n')}\n},\n},\n} as const\n`;

  return `${HEADER}
export type Database = {
// Allows to automatically instantiate createClient with right options
// instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)
__InternalSupabase: {
PostgrestVersion: "12"
}
public: {
Tables: ${tablesBlock}
Views: ${viewsBlock}
Functions: ${renderFunctions(catalog.functions)}
Enums: ${enumsBlock}
CompositeTypes: ${compositesBlock}
}
}
${HELPERS}
${constants}`;
}

const HEADER = `// Generated by \`npm run db:types\` (supabase/typegen) from supabase/migrations, in the format of
// \`supabase gen types typescript\`. Do not edit: change a migration and run it again.

export type Json =
| string
| number
| boolean
| null
| { [key: string]: Json | undefined }
| Json[]
`;

function helper(name: string, group: string, field: string | null, param: string, extra = ''): string {
  const groups = extra ? `(DefaultSchema["${group}"] & DefaultSchema["${extra}"])` : `DefaultSchema["${group}"]`;
  const schemaGroups = (s: string) =>
    extra
      ? `(DatabaseWithoutInternals[${s}["schema"]]["${group}"] & DatabaseWithoutInternals[${s}["schema"]]["${extra}"])`
      : `DatabaseWithoutInternals[${s}["schema"]]["${group}"]`;
  const pick = (value: string) => (field ? `${value} extends { ${field}: infer R } ? R : never` : value);
  const opts = `${param}NameOrOptions`;
  return `export type ${name}<
${opts} extends keyof ${groups} | { schema: keyof DatabaseWithoutInternals },
${param}Name extends ${opts} extends { schema: keyof DatabaseWithoutInternals }
? keyof ${schemaGroups(opts)}
: never = never,
> = ${opts} extends { schema: keyof DatabaseWithoutInternals }
? ${pick(`${schemaGroups(opts)}[${param}Name]`)}
: ${opts} extends keyof ${groups}
? ${pick(`${groups}[${opts}]`)}
: never
`;
}

const HELPERS = `
type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

${helper('Tables', 'Tables', 'Row', 'DefaultSchemaTable', 'Views')}
${helper('TablesInsert', 'Tables', 'Insert', 'DefaultSchemaTable')}
${helper('TablesUpdate', 'Tables', 'Update', 'DefaultSchemaTable')}
${helper('Enums', 'Enums', null, 'DefaultSchemaEnum')}
${helper('CompositeTypes', 'CompositeTypes', null, 'PublicCompositeType')}`;
