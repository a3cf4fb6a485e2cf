/** What a pull reads of the site plan tables; the device rows are the server's columns (rowSource). */
import { editConverters } from '../../../sync/edit-groups.ts';
import { rowSource } from '../../../sync/pull-source.ts';
import { siteItemRowSchema, sitePlanRowSchema } from './site-plan-rows.ts';
import { objects } from '../../../sync/server-values.ts';

export const sitePlansSource = rowSource({
  table: 'sitePlans',
  remote: 'site_plans',
  schema: sitePlanRowSchema,
  key: 'event_id',
  inScope: 'event_id',
  hasNoTombstones: true,
});

export const siteItemsSource = rowSource({
  table: 'siteItems',
  remote: 'site_items',
  schema: siteItemRowSchema,
  convert: {
    ...editConverters,
    points: (r) =>
      Array.isArray(r.points) ? objects(r.points).map((p) => ({ x: Number(p.x), y: Number(p.y) })) : null,
  },
  inScope: 'event_id',
});

/** This feature's tables, in pull order (what a row points at comes first). */
export const sitePlanSources = [sitePlansSource, siteItemsSource];
