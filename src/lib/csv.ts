/**
 * CSV for the structured imports, read with papaparse (RFC 4180: quoted fields, doubled quotes,
 * line breaks inside quotes; CRLF; a BOM). The delimiter is the one the header line uses most
 * (comma, semicolon or tab: spreadsheets in many locales write semicolons), and each row keeps the
 * line of the file it starts on, so an import can name the bad rows. Columns are found by their
 * header names (case, spaces, dashes and underscores ignored; a few synonyms per field).
 */
import Papa from 'papaparse';

export interface CsvRow {
  /** The line of the file the row starts on (1 is the first line). */
  line: number;
  fields: string[];
  /** Why papaparse could not read the row cleanly (an unclosed or stray quote), if it could not. */
  error: string | null;
}

const DELIMITERS = [',', ';', '\t'];

/** Every row that is not blank, with its line; the first is the header. */
export function readCsv(text: string): CsvRow[] {
  const source = text.replace(/^\ufeff/, '');
  const firstLine = source.split(/\r\n|\r|\n/, 1)[0] ?? '';
  const delimiter = [...DELIMITERS].sort((a, b) => firstLine.split(b).length - firstLine.split(a).length)[0];
  const rows: CsvRow[] = [];
  let start = 0;
  let line = 1;
  Papa.parse<string[]>(source, {
    delimiter,
    step: (result) => {
      const end = result.meta.cursor;
      const quoteError = result.errors.find((e) => e.type === 'Quotes');
      if (result.data.some((f) => f.trim() !== '') || quoteError)
        rows.push({ line, fields: result.data, error: quoteError ? quoteError.message : null });
      line += source.slice(start, end).match(/\r\n|\r|\n/g)?.length ?? 0;
      start = end;
    },
  });
  return rows;
}

/** One data row of an import: the value to queue, or why it was skipped, with its line number. */
export type RowResult<T> = { line: number; value: T } | { line: number; error: string };

const normalizeHeader = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');

export function columns(header: readonly string[], names: Record<string, string[]>): Record<string, number> {
  const found: Record<string, number> = {};
  const keys = header.map(normalizeHeader);
  for (const [field, synonyms] of Object.entries(names)) {
    const index = keys.findIndex((k) => synonyms.includes(k));
    if (index >= 0) found[field] = index;
  }
  return found;
}
