/**
 * Generators of the crew-sheet kinds (issue 24): an actor edits the notes of one of their own
 * active events (they manage it; the database refuses members), with line breaks, as the gate
 * notes are written. The model keeps each event's notes; the comparison checks the server's.
 */
import type { GeneratorTable } from './generator-types.ts';
import { choose } from './reference-model.ts';

type CrewGenerators = Pick<GeneratorTable, 'event-notes.update'>;

export const crewGenerators: CrewGenerators = {
  'event-notes.update': ({ model, actor, n, step }) => {
    const event = choose(
      model.events.filter((e) => e.creator === actor && e.status === 'active'),
      n,
    );
    if (!event) return null;
    const body = n % 5 === 0 ? '' : `Gate ${n % 7}, meet at the blue tent\nWifi: camp-${step}\n\nEmergency: 112`;
    return {
      kind: 'event-notes.update',
      args: { eventId: event.localId, body },
      apply: (_m, prepared) => void (event.notes = prepared.body),
    };
  },
};
