/** The device rows of admin: their schemas (rows read back are parsed with them) and types. */
import type { z } from 'zod';
import { tableRows } from '../../../db/row-values.ts';

export const settingRowSchema = tableRows.app_settings.describe('settings');

type SettingRow = z.infer<typeof settingRowSchema>;

declare module '../../../db/mirror.ts' {
  interface RowOf {
    settings: SettingRow;
  }
}
