/**
 * Helpers of the data-screen specs: fresh accounts (so phone and desktop runs never share state),
 * events and memberships set up through the backend as their users, and the page steps the
 * specs repeat (create an event, open the members dialog, open the bell).
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { expect, type Page } from '@playwright/test';
import { goInApp, type App } from './app.ts';
import { createAccount, serviceClient } from './backend.ts';
import { ANON_KEY, BACKEND_URL } from './env.ts';

export interface Person {
  email: string;
  password: string;
  name: string;
  id: string;
  client: SupabaseClient;
}

/** A new confirmed account on the given tier, with a supabase-js client signed in as it. */
export async function newPerson(name: string, tier: 'free' | 'starter' | 'organizer' = 'free'): Promise<Person> {
  const account = await createAccount(name, 'crew-password-1');
  const client = createClient(BACKEND_URL, ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
  const { data, error } = await client.auth.signInWithPassword(account);
  if (error || !data.user) throw error ?? new Error('sign-in failed');
  if (tier !== 'free') {
    const { error: tierError } = await serviceClient()
      .from('profiles')
      .update({ subscription_tier: tier })
      .eq('id', data.user.id);
    if (tierError) throw tierError;
  }
  return { ...account, id: data.user.id, client };
}

/** An event made by `owner` through the backend, with `members` added as members. */
export async function seedEvent(owner: Person, name: string, members: Person[] = []): Promise<string> {
  const { data, error } = await owner.client
    .from('events')
    .insert({ name, created_by: owner.id, location: 'Lakeside camp', start_date: '2027-07-16', end_date: '2027-07-18' })
    .select('id')
    .single();
  if (error || !data) throw error ?? new Error('no event');
  for (const member of members) {
    const { data: answer, error: addError } = await owner.client.rpc('add_event_member', {
      p_event_id: data.id,
      p_user_id: member.id,
      p_role: 'member',
    });
    if (addError || !(answer as { success: boolean }).success) throw addError ?? new Error(JSON.stringify(answer));
  }
  return data.id as string;
}

export async function profileOf(person: Person) {
  const { data, error } = await serviceClient()
    .from('profiles')
    .select('name, first_name, last_name')
    .eq('id', person.id)
    .single();
  if (error) throw error;
  return data as { name: string | null; first_name: string | null; last_name: string | null };
}

/** Signs in through the page and waits for the dashboard. */
export async function signInAs(app: App, person: Person) {
  await app.signIn({ email: person.email, password: person.password });
}

/**
 * Fills and submits the create-event dialog of the home, which opens the new event with its
 * invite step (the members dialog); closes that and goes back to the home.
 */
export async function createEventInUi(page: Page, name: string, dates?: { start: string; end: string }) {
  await page.getByRole('button', { name: /^Create (event|your first event)$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Create an event' });
  await dialog.getByLabel('Event name').fill(name);
  if (dates) {
    await dialog.getByLabel('Start date').fill(dates.start);
    await dialog.getByLabel('End date').fill(dates.end);
  }
  await dialog.getByLabel('Location').fill('Lakeside camp');
  // The new event's page never says the user is not a member of it, also not for a moment while it
  // moves from the device's id to the server's (online): a page answered for the old id then.
  await page.evaluate(() => {
    const seen = { notMember: false };
    (window as unknown as { newEventPage: typeof seen }).newEventPage = seen;
    new MutationObserver((_records, observer) => {
      const headings = [...document.querySelectorAll('h1')].map((h) => h.textContent);
      if (!headings.includes('You are not a member of this event')) return;
      seen.notMember = true;
      observer.disconnect();
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await dialog.getByRole('button', { name: 'Create event' }).click();
  await expect(dialog).toBeHidden();
  const invite = page.getByRole('dialog', { name: 'Event Members' });
  await expect(invite).toBeVisible();
  // Closed with its button: an Escape pressed in the instant the dialog appears, before it listens, is lost.
  await invite.getByRole('button', { name: 'Close' }).click();
  await expect(invite).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  if (await page.evaluate(() => navigator.onLine)) await expect(page).not.toHaveURL(/temp-/, { timeout: 20_000 });
  const seen = await page.evaluate(() => (window as unknown as { newEventPage: object }).newEventPage);
  expect(seen).toEqual({ notMember: false });
  await page.goBack();
  await expect(page.getByRole('article', { name })).toBeVisible();
}

/** Opens an event card's action menu and picks one action. */
export async function eventAction(page: Page, eventName: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${eventName}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

/** Opens the Event Members dialog from the event overview (reached inside the signed-in app). */
export async function openMembersDialog(page: Page, eventId: string) {
  await goInApp(page, `/events/${eventId}`);
  await page
    .getByRole('region', { name: /Who is coming/ })
    .getByRole('button', { name: 'Members' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Event Members' });
  await expect(dialog).toBeVisible();
  return dialog;
}
