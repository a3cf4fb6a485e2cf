/** What a pull reads of the app settings (feature switches, component access); rows are the server's columns. */
import { rowSource } from '../../../sync/pull-source.ts';
import { settingRowSchema } from './setting-rows.ts';

const settingsSource = rowSource({
  table: 'settings',
  remote: 'app_settings',
  schema: settingRowSchema,
  key: 'key',
  hasNoTombstones: true,
});

/** This feature's tables, in pull order (what a row points at comes first). */
export const adminSources = [settingsSource];
