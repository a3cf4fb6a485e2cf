/** Live profile of the signed-in user, or of anyone else visible on the device. */
import { MINE, useRow } from '../../data/use-rows.ts';
import { profileRowSchema } from './sync/index.ts';

export const useProfile = (userId?: string) => useRow('profiles', profileRowSchema, userId ?? MINE);
