/**
 * `supabase functions deploy` bundles a function from supabase/functions only: a relative import
 * that leaves that folder (say into src/) is not part of what a hosted deploy uploads and serves.
 * Every server function's module graph must stay inside it; packages come through the import map
 * (supabase/functions/deno.json).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../supabase/functions');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

/** The specifiers of a module's static and dynamic imports and re-exports. */
function specifiers(code: string): string[] {
  const found: string[] = [];
  for (const match of code.matchAll(
    /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g,
  ))
    found.push(match[1] ?? match[2]);
  return found;
}

it('imports nothing from outside supabase/functions by a relative path', () => {
  const escaping: string[] = [];
  const files = sources(root);
  for (const file of files) {
    for (const specifier of specifiers(readFileSync(file, 'utf8'))) {
      if (!specifier.startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), specifier);
      if (path.relative(root, target).startsWith('..')) escaping.push(`${path.relative(root, file)} -> ${specifier}`);
    }
  }
  expect(files.length).toBeGreaterThan(10);
  expect(escaping).toEqual([]);
});

it('reaches packages only through the import map', () => {
  const map = JSON.parse(readFileSync(path.join(root, 'deno.json'), 'utf8')) as { imports: Record<string, string> };
  const unmapped = new Set<string>();
  for (const file of sources(root))
    for (const specifier of specifiers(readFileSync(file, 'utf8')))
      if (!specifier.startsWith('.') && !/^(npm|jsr|node|https?):/.test(specifier) && !(specifier in map.imports))
        unmapped.add(specifier);
  expect([...unmapped]).toEqual([]);
});
