/**
 * What the shell says about syncing: the banner's phase and line (offline with waiting changes,
 * sending, all saved, sign-in needed), refused changes in words, and a write that hits the storage
 * quota (told, not lost silently: nothing of it stays on the device).
 */
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { syncRegistry } from '../../src/app/sync-registry.ts';
import {
  bannerMessage,
  initialPhase,
  nextPhase,
  phaseTimer,
  SAVED_FOR_MS,
  SHOW_SYNCING_AFTER_MS,
  timedOut,
  type PhaseInput,
  type PhaseState,
} from '../../src/features/sync-status/sync-phase.ts';
import { openUserDb } from '../../src/db/crewcamp-db.ts';
import { isQuotaError, QUOTA_WARNING } from '../../src/sync/storage-errors.ts';
import { SyncEngine } from '../../src/sync/sync-engine.ts';
import { newSyncStatusStore } from '../../src/sync/sync-status-store.ts';
import { memoryLocks } from './support/memory-locks.ts';
import { newScript, scriptedClient, testKinds } from './support/harness.ts';

const run = (inputs: PhaseInput[], from: PhaseState = initialPhase) => inputs.reduce(nextPhase, from);
const online = (pendingCount: number): PhaseInput => ({ isOnline: true, pendingCount });
const offline = (pendingCount: number): PhaseInput => ({ isOnline: false, pendingCount });

describe('sync phase', () => {
  it('says nothing about a change sent at once while online', () => {
    const queued = run([online(0), online(1)]);
    expect(queued.phase).toBe('queued');
    expect(phaseTimer(queued)).toBe(SHOW_SYNCING_AFTER_MS);
    expect(run([online(0)], queued).phase).toBe('idle');
  });

  it('shows a slow send, then "saved" for a while, then nothing', () => {
    const syncing = timedOut(run([online(2)]));
    expect(syncing.phase).toBe('syncing');
    expect(run([online(1)], syncing).phase).toBe('syncing');
    const saved = run([online(0)], syncing);
    expect(saved.phase).toBe('saved');
    expect(phaseTimer(saved)).toBe(SAVED_FOR_MS);
    expect(timedOut(saved).phase).toBe('idle');
  });

  it('shows the sync at once when changes waited offline', () => {
    const back = run([offline(0), offline(3), online(3)]);
    expect(back.phase).toBe('syncing');
    expect(run([online(0)], back).phase).toBe('saved');
    // Offline without changes, then back: nothing to report.
    expect(run([offline(0), online(0)]).phase).toBe('idle');
  });

  it('picks the most pressing line', () => {
    const base = { isOnline: true, pendingCount: 0, needsAuth: false, phase: 'idle' as const };
    expect(bannerMessage(base)).toBeNull();
    expect(bannerMessage({ ...base, isOnline: false })?.text).toBe("You're offline. Some features may be limited.");
    expect(bannerMessage({ ...base, isOnline: false, pendingCount: 1 })?.text).toBe(
      "You're offline. Some features may be limited. 1 change waits to be sent.",
    );
    expect(bannerMessage({ ...base, isOnline: false, pendingCount: 4 })?.text).toBe(
      "You're offline. Some features may be limited. 4 changes wait to be sent.",
    );
    expect(bannerMessage({ ...base, pendingCount: 3, phase: 'syncing' })?.text).toBe('Syncing 3 changes…');
    expect(bannerMessage({ ...base, pendingCount: 1, phase: 'syncing' })?.text).toBe('Syncing 1 change…');
    expect(bannerMessage({ ...base, pendingCount: 3, phase: 'queued' })).toBeNull();
    expect(bannerMessage({ ...base, phase: 'saved' })?.text).toBe('All changes saved');
    // A drain that ended with a refusal did not save everything.
    expect(bannerMessage({ ...base, phase: 'saved', hasRejected: true })).toBeNull();
    const signIn = bannerMessage({ ...base, isOnline: false, pendingCount: 2, needsAuth: true, phase: 'syncing' });
    expect(signIn?.kind).toBe('needs-auth');
    expect(signIn?.text).toBe(
      'Your session has ended. Sign in again to send your 2 changes: they stay on this device until then.',
    );
  });
});

describe('changes in words', () => {
  const names: Record<string, string> = { e1: 'Lake trip' };
  const registry = syncRegistry({ supabaseUrl: 'http://backend.test' });
  const describeChange = (kind: string, args: unknown) =>
    registry.describe({ kind, args }, { eventName: (id) => names[id] });

  it('names what was done and to what', () => {
    expect(describeChange('event.create', { id: 'temp-1', name: 'Lake trip' })).toBe('Create event "Lake trip"');
    expect(describeChange('event.update', { id: 'e1', changes: { location: 'Sils' } })).toBe('Edit event "Lake trip"');
    expect(describeChange('event.update', { id: 'e1', changes: { name: 'Lake days' } })).toBe('Edit event "Lake days"');
    expect(describeChange('event.soft-delete', { id: 'gone' })).toBe('Delete an event');
    expect(describeChange('invitation.send', { eventId: 'e1', email: 'ana@example.com' })).toBe(
      'Invite ana@example.com to "Lake trip"',
    );
    expect(describeChange('member.add', { eventId: 'e1', userId: 'u', name: 'Ana' })).toBe('Add Ana to "Lake trip"');
    expect(describeChange('member.remove', { eventId: 'e1', userId: 'u' })).toBe('Remove a member of "Lake trip"');
    expect(describeChange('profile.update', { changes: { name: 'Ana' } })).toBe('Update your profile');
    expect(describeChange('profile.upload-avatar', {})).toBe('Upload a new avatar');
    expect(describeChange('ride.update', { id: 'r', changes: { seats: 3 } })).toBe('Change a ride');
    expect(
      describeChange('ride.update', {
        id: 'r',
        changes: { cost_split: { expense_id: 'x', fuel_minor: 1, toll_minor: 0 } },
      }),
    ).toBe('Split the costs of a ride');
    expect(describeChange('ride.pickup', { eventId: 'e1', rideId: 'r', stopId: 's' })).toBe(
      'Choose where you get on a ride to "Lake trip"',
    );
    expect(describeChange('ride.need', { eventId: 'e1', status: 'needs_ride', note: 'From Bern' })).toBe(
      'Ask for a ride to "Lake trip"',
    );
    expect(describeChange('ride.need', { eventId: 'e1', status: 'own_way' })).toBe('Go on your own to "Lake trip"');
    expect(describeChange('ride.need', { eventId: 'e1', status: null })).toBe('Clear your ride status in "Lake trip"');
    expect(describeChange('friend.request', { email: 'bo@example.com' })).toBe(
      'Send a friend request to bo@example.com',
    );
    expect(describeChange('checklist-item.add', { eventId: 'e1', checklistId: 'l', text: 'Tent' })).toBe(
      'Add "Tent" to a list in "Lake trip"',
    );
    expect(describeChange('chat.send', { eventId: 'e1', body: 'Hi' })).toBe('Send a message in "Lake trip"');
    expect(describeChange('schedule.create', { eventId: 'e9', title: 'Dinner' })).toBe('Add "Dinner" to the schedule');
    expect(describeChange('event-notes.update', { eventId: 'e1', body: 'Gate B' })).toBe(
      'Edit the event notes of "Lake trip"',
    );
    expect(describeChange('unknown.kind', null)).toBe('A change');
    // Arguments an older version queued in another shape: still words, never a crash.
    expect(describeChange('event.update', null)).toBe('A change');
  });

  it('has words of its own for every kind the app registers', () => {
    const said = registry.names().map((kind) => [kind, describeChange(kind, SAMPLE_ARGS[kind] ?? {})]);
    expect(said.filter(([, words]) => words === 'A change' || words.includes('undefined'))).toEqual([]);
    expect(Object.keys(SAMPLE_ARGS).sort()).toEqual(registry.names().sort());
  });
});

/** Queued arguments of every kind, as `prepare` leaves them (what the sync panel describes). */
const SAMPLE_ARGS: Record<string, object> = {
  'event.create': { id: 'temp-1', name: 'Lake trip' },
  'event.update': { id: 'e1', changes: { location: 'Sils' } },
  'event.soft-delete': { id: 'e1' },
  'event.restore': { id: 'e1' },
  'event.delete': { id: 'e1' },
  'event.leave': { id: 'e1' },
  'event.join': { id: 'e1' },
  'member.add': { eventId: 'e1', userId: 'u', email: 'ana@example.com' },
  'member.remove': { eventId: 'e1', userId: 'u' },
  'member.set-role': { eventId: 'e1', userId: 'u', role: 'admin' },
  'invitation.send': { eventId: 'e1', email: 'ana@example.com' },
  'invitation.cancel': { id: 'i', eventId: 'e1', email: 'ana@example.com' },
  'invitation.respond': { id: 'i', status: 'declined' },
  'profile.update': { changes: { name: 'Ana' } },
  'profile.upload-avatar': { path: 'u/a.png' },
  'friend.request': { email: 'bo@example.com' },
  'friend.respond': { id: 'r', status: 'accepted' },
  'friend.remove': { friendId: 'f' },
  'chat.send': { eventId: 'e1', body: 'Hi', id: 'm' },
  'chat.send-photo': { eventId: 'e1', caption: '', id: 'm' },
  'chat.edit': { id: 'm', body: 'Hello' },
  'chat.delete': { id: 'm' },
  'chat.react': { eventId: 'e1', messageId: 'm', emoji: '👍', on: true },
  'chat.mark-read': { eventId: 'e1', readAt: '2027-07-01T08:00:00.000Z' },
  'chat.import-whatsapp': { eventId: 'e1', batchId: 'b', messages: [] },
  'checklist.create': { eventId: 'e1', title: 'Packing', kind: 'packing' },
  'checklist.update': { id: 'l', changes: { title: 'Food' } },
  'checklist.delete': { id: 'l' },
  'checklist.clone': { sourceId: 'l', sourceTitle: 'Packing', eventId: 'e1' },
  'checklist-item.add': { eventId: 'e1', checklistId: 'l', text: 'Tent' },
  'checklist-item.update': { id: 'i', changes: { quantity: 2 } },
  'checklist-item.set-done': { id: 'i', done: true },
  'checklist-item.move': { checklistId: 'l', moves: [{ id: 'i', position: 'V' }] },
  'checklist-item.delete': { id: 'i' },
  'checklist-template.save': { checklistId: 'l', title: 'Weekend' },
  'checklist-template.use': { eventId: 'e1', templateId: 't', title: 'Weekend' },
  'checklist-template.duplicate': { templateId: 't' },
  'checklist-template.delete': { id: 't' },
  'schedule.create': { eventId: 'e1', title: 'Dinner' },
  'schedule.update': { id: 's', changes: { title: 'Lunch' } },
  'schedule.delete': { id: 's' },
  'schedule.assign': { eventId: 'e1', itemId: 's', userId: 'u', assigned: true },
  'ride.create': { eventId: 'e1', departure_place: 'Bern' },
  'ride.update': { id: 'r', changes: { seats: 3 } },
  'ride.cancel': { id: 'r' },
  'ride.claim': { eventId: 'e1', rideId: 'r' },
  'ride.release': { eventId: 'e1', rideId: 'r' },
  'ride.need': { eventId: 'e1', status: 'needs_ride' },
  'ride.pickup': { eventId: 'e1', rideId: 'r', stopId: null },
  'expense.create': { eventId: 'e1', title: 'Fuel' },
  'expense.update': { id: 'x', changes: { title: 'Diesel' } },
  'expense.delete': { id: 'x' },
  'expense.attach-receipt': { eventId: 'e1', expenseId: 'x' },
  'settlement.record': { eventId: 'e1', from_user: 'a', to_user: 'b', amount_minor: 100 },
  'settlement.undo': { id: 's' },
  'site-plan.set-size': { eventId: 'e1', width_m: 50, height_m: 40 },
  'site-item.place': { eventId: 'e1', kind: 'tent' },
  'site-item.move': { id: 'i', to: { x_m: 1 } },
  'site-item.change': { id: 'i', changes: { label: 'Ours' } },
  'site-item.remove': { id: 'i' },
  'notification.mark-read': { ids: ['n'] },
  'notification.mark-all-read': { eventId: 'e1', before: '2027-07-01T08:00:00.000Z' },
  'notification-settings.set-channel': { category: 'chat', channel: 'push', enabled: false },
  'notification-settings.update': { changes: { daily_digest: true } },
  'announcement.post': { id: 'a1', eventId: 'e1', title: null, body: 'Gates open at 9', priority: true },
  'announcement.mark-seen': { eventId: 'e1', announcementId: 'a1' },
  'event.set-follow': { eventId: 'e1', follow: true },
  'event-notes.update': { eventId: 'e1', body: 'Gate B, wifi: camp2026', at: '2026-11-29T10:00:00Z', base: {} },
};

describe('storage quota', () => {
  const engines: SyncEngine[] = [];
  afterEach(async () => {
    for (const engine of engines.splice(0)) await engine.stop();
  });

  it('recognises the quota error as IndexedDB and Dexie report it', () => {
    expect(isQuotaError(new DOMException('full', 'QuotaExceededError'))).toBe(true);
    expect(isQuotaError(new Dexie.QuotaExceededError('full'))).toBe(true);
    const aborted = new Dexie.AbortError('Transaction aborted', new DOMException('full', 'QuotaExceededError'));
    expect(isQuotaError(aborted)).toBe(true);
    expect(isQuotaError(new Dexie.ConstraintError('duplicate key'))).toBe(false);
    expect(isQuotaError(new Error('network'))).toBe(false);
    expect(isQuotaError(null)).toBe(false);
  });

  it('a change that hits the quota is not kept, and the user is told it was not saved', async () => {
    const userId = crypto.randomUUID();
    const db = await openUserDb(userId);
    const store = newSyncStatusStore();
    const engine = new SyncEngine({
      db,
      registry: testKinds(newScript()),
      client: scriptedClient(() => ({ status: 200, body: [] })),
      userId,
      locks: memoryLocks(),
      realtime: false,
      store,
    });
    engines.push(engine);
    await engine.start();
    await engine.mutate('test.set', { id: 'kept', value: 'saved before the disk filled up' });

    // The disk is full from now on: IndexedDB refuses the outbox entry's write.
    db.outbox.hook('creating', () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    await expect(engine.mutate('test.set', { id: 'lost', value: 'no room' })).rejects.toSatisfy(isQuotaError);

    expect(store.getState().storageWarning).toBe(QUOTA_WARNING);
    // The transaction rolled back as a whole: no half-applied change shows on the device.
    expect(await db.settings.get('lost')).toBeUndefined();
    expect(await db.shadows.get('settings:lost')).toBeUndefined();
    expect((await db.settings.get('kept'))?.value).toBe('saved before the disk filled up');
    expect(await db.outbox.count()).toBeGreaterThanOrEqual(1);
    expect((await db.outbox.toArray()).every((entry) => (entry.args as { id: string }).id === 'kept')).toBe(true);
  });
});
