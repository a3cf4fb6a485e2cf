import { describe, expect, it } from 'vitest';
import { fileNamePart } from './download.ts';

describe('fileNamePart', () => {
  it('keeps letters and digits of any script, one hyphen for the rest', () => {
    expect(fileNamePart('Lake weekend!')).toBe('Lake-weekend');
    expect(fileNamePart('  Zürich — Open Air 2027 ')).toBe('Zürich-Open-Air-2027');
  });

  it('falls back when nothing is left', () => {
    expect(fileNamePart('!!!')).toBe('event');
    expect(fileNamePart('', 'plan')).toBe('plan');
  });
});
