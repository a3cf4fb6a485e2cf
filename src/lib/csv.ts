/**
 * A small CSV reader for the structured imports (RFC 4180: quoted fields, doubled quotes; commas,
 * semicolons or tabs, whichever the header line uses; CRLF; a BOM), and columns found by their
 * header names (case, spaces, dashes and underscores ignored; a few synonyms per field).
 */
export function parseCsv(text: string): string[][] {
  const source = text.replace(/^\ufeff/, '');
  const firstLine = source.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = [',', ';', '\t'].sort((a, b) => firstLine.split(b).length - firstLine.split(a).length)[0];
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (quoted) {
      if (c === '"' && source[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === delimiter) {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && source[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((f) => f.trim() !== ''));
}

/** One data row of an import: the value to queue, or why it was skipped, with its line number. */
export type RowResult<T> = { line: number; value: T } | { line: number; error: string };

export const normalizeHeader = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');

export function columns(header: string[], names: Record<string, string[]>): Record<string, number> {
  const found: Record<string, number> = {};
  const keys = header.map(normalizeHeader);
  for (const [field, synonyms] of Object.entries(names)) {
    const index = keys.findIndex((k) => synonyms.includes(k));
    if (index >= 0) found[field] = index;
  }
  return found;
}
