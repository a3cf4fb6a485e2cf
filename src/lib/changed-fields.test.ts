import { describe, expect, it } from 'vitest';
import { changedFields } from './changed-fields.ts';

describe('changedFields', () => {
  it('keeps only the fields whose values differ', () => {
    const row = { id: 'r1', title: 'Arrival', location: null, notes: 'Bring water' };
    expect(changedFields(row, { title: 'Arrival', location: 'Gate 2', notes: 'Bring water' })).toEqual({
      location: 'Gate 2',
    });
  });

  it('compares arrays and objects by their contents', () => {
    const row = { stops: [{ id: 's1', place: 'Thun', time: null }] };
    expect(changedFields(row, { stops: [{ id: 's1', place: 'Thun', time: null }] })).toEqual({});
    expect(changedFields(row, { stops: [{ id: 's1', place: 'Spiez', time: null }] })).toEqual({
      stops: [{ id: 's1', place: 'Spiez', time: null }],
    });
  });

  it('treats a field the row lacks as null, and a cleared field as a change', () => {
    expect(changedFields({ title: 'A' }, { title: 'A', vehicle: null })).toEqual({});
    expect(changedFields({ vehicle: 'Van' }, { vehicle: null })).toEqual({ vehicle: null });
  });

  it('tells a number from the same digits as text', () => {
    expect(changedFields({ seats: 3 }, { seats: '3' })).toEqual({ seats: '3' });
  });
});
