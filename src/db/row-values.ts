/**
 * What the features' row schemas share. A device row is a server row (`tableRows`, generated from
 * the migrations) without the columns the device does not keep, with its local `key`, and with
 * the values the device narrows (a text column that holds one of a few values, a jsonb column
 * whose structure it relies on).
 */
import { z } from 'zod';

export { tableRows } from './database.schemas.ts';

export const nullableText = z.string().nullable();
export const timestamp = z.string();

/** The device's key of a row (the server id, or a composite one). */
export const withKey = { key: z.string() };
