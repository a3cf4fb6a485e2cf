import { describe, expect, it } from 'vitest';
import { whoIsIn } from './who-is-in.ts';

const people = (...names: string[]) => names.map((first_name) => ({ first_name, avatar: null, is_creator: false }));

describe('whoIsIn', () => {
  it('names one, two or three people', () => {
    expect(whoIsIn({ members: people('Eva'), member_count: 1 })).toBe('Eva');
    expect(whoIsIn({ members: people('Eva', 'Finn'), member_count: 2 })).toBe('Eva and Finn');
    expect(whoIsIn({ members: people('Eva', 'Finn', 'Gina'), member_count: 3 })).toBe('Eva, Finn and Gina');
  });

  it('counts the others beyond the first three', () => {
    expect(whoIsIn({ members: people('Eva', 'Finn', 'Gina', 'Ho'), member_count: 4 })).toBe(
      'Eva, Finn, Gina and 1 other',
    );
    expect(whoIsIn({ members: people('Eva', 'Finn', 'Gina'), member_count: 20 })).toBe('Eva, Finn, Gina and 17 others');
  });
});
