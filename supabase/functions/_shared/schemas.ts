/** Request bodies of the server functions. Messages are what the caller sees in `{error}`. */
import { z } from 'zod';

export const TIERS = ['free', 'starter', 'organizer'] as const;
export type Tier = (typeof TIERS)[number];

const uuid = (field: string) => z.string({ error: `${field} is required` }).uuid({ error: `${field} must be a UUID` });

export const userIdBody = z.object({ userId: uuid('userId') });

export const updateTierBody = z.object({
  userId: uuid('userId'),
  subscriptionTier: z.enum(TIERS, { error: 'subscriptionTier must be free, starter or organizer' }),
});

export const deleteEventBody = z.object({ eventId: uuid('eventId') });

export const createUserBody = z.object({
  email: z
    .string({ error: 'Please enter a valid email address' })
    .trim()
    .max(320)
    .includes('@', { error: 'Please enter a valid email address' }),
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }).max(200),
  name: z.string().trim().max(200).optional().nullable(),
  approvalToken: z
    .string({ error: 'An approval token is required' })
    .min(1, { error: 'An approval token is required' })
    .max(2000),
});

export const checkoutBody = z.object({
  subscriptionTier: z.string({ error: 'subscriptionTier is required' }).max(100),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/, { error: 'currency must be a three-letter code' })
    .default('CHF')
    .transform((c) => c.toUpperCase()),
  // Billed monthly or yearly (spec section 9: monthly and yearly prices).
  interval: z.enum(['month', 'year'], { error: "interval must be 'month' or 'year'" }).default('month'),
});

export const approvalEmailBody = z.object({ entryId: uuid('entryId') });

/** manage-subscription: cancel at the period's end, take that back, or move to a lower tier. */
export const manageSubscriptionBody = z.object({
  action: z.enum(['cancel', 'resume', 'downgrade'], { error: "action must be 'cancel', 'resume' or 'downgrade'" }),
  tier: z.enum(['free', 'starter'], { error: "tier must be 'free' or 'starter'" }).optional(),
});
