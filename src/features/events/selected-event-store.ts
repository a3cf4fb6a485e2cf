/**
 * The selected event (spec sections 2 and 3): it follows the event id of the path and is cleared
 * elsewhere; persisted locally under the key `event-storage` (spec section 3).
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

interface SelectedEventState {
  selectedEventId: string | null;
  select(eventId: string | null): void;
}

export const useSelectedEventStore = create<SelectedEventState>()(
  persist(
    (set) => ({
      selectedEventId: null,
      select: (eventId) => set({ selectedEventId: eventId }),
    }),
    { name: 'event-storage', partialize: (state) => ({ selectedEventId: state.selectedEventId }) },
  ),
);
