import { Table } from '@chakra-ui/react';
import { TIER_LIMITS } from '../../access/tier-limits.ts';
import { TIERS, tierLabel } from '../../access/tiers.ts';

/** The limits of each plan (spec section 9), for choosing one. */
export function TierTable() {
  const rows: { label: string; value: (tier: (typeof TIERS)[number]) => string | number }[] = [
    { label: 'Events at once', value: (tier) => TIER_LIMITS[tier].maxEventsSimultaneously },
    { label: 'Planning days', value: (tier) => TIER_LIMITS[tier].maxPlanningDays },
    { label: 'Members per event', value: (tier) => TIER_LIMITS[tier].maxMembersPerEvent },
    { label: 'Co-organizers', value: (tier) => TIER_LIMITS[tier].maxCoOrganizers },
    { label: 'Past events kept (days)', value: (tier) => TIER_LIMITS[tier].autoDeletePastEventsAfterDays },
    { label: 'Price per month (CHF)', value: (tier) => TIER_LIMITS[tier].monthlyPrice },
    { label: 'Price per year (CHF)', value: (tier) => TIER_LIMITS[tier].yearlyPrice },
  ];
  return (
    <Table.ScrollArea borderWidth="1px" rounded="xl" tabIndex={0} role="region" aria-label="Plan limits">
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Plan</Table.ColumnHeader>
            {TIERS.map((tier) => (
              <Table.ColumnHeader key={tier} textAlign="end">
                {tierLabel(tier)}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.label}>
              <Table.Cell>{row.label}</Table.Cell>
              {TIERS.map((tier) => (
                <Table.Cell key={tier} textAlign="end">
                  {row.value(tier)}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
