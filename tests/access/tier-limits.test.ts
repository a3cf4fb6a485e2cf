/** The client's tier limits are the numbers the database enforces (public.tier_limits). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIER_LIMITS } from '../../src/access/tier-limits.ts';
import { TIERS } from '../../src/access/tiers.ts';
import { startTestBackend, type TestBackend } from '../support/backend.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend({ fixtures: false });
});

afterAll(async () => {
  await backend?.stop();
});

describe('tier limits', () => {
  it('match public.tier_limits, tier by tier, as anyone reads them', async () => {
    const { data, error } = await backend.anon().from('tier_limits').select('*').order('tier');
    expect(error).toBeNull();
    const fromDatabase = Object.fromEntries(
      (data ?? []).map((row) => [
        row.tier,
        {
          maxEventsSimultaneously: row.max_events_simultaneously,
          maxPlanningDays: row.max_planning_days,
          maxMembersPerEvent: row.max_members_per_event,
          maxCoOrganizers: row.max_co_organizers,
          autoDeletePastEventsAfterDays: row.auto_delete_past_events_after_days,
          monthlyPrice: row.monthly_price,
          yearlyPrice: row.yearly_price,
        },
      ]),
    );
    expect(Object.keys(fromDatabase).sort()).toEqual([...TIERS].sort());
    expect(fromDatabase).toEqual(TIER_LIMITS);
  });

  it('are the table values of spec section 9', () => {
    expect(TIERS.map((tier) => TIER_LIMITS[tier].maxEventsSimultaneously)).toEqual([2, 10, 25]);
    expect(TIERS.map((tier) => TIER_LIMITS[tier].maxPlanningDays)).toEqual([30, 180, 370]);
    expect(TIERS.map((tier) => TIER_LIMITS[tier].maxMembersPerEvent)).toEqual([4, 15, 40]);
  });
});
