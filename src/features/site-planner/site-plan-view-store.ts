/**
 * The site plan's view choices on this device (premium site planner): which layers are hidden, per
 * event. A view choice only, never synced; persisted under the key `site-plan-view`.
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** The default layer's key (items whose layer is null). */
export const DEFAULT_LAYER = '';

interface SitePlanViewState {
  /** Per event id, the hidden layers' names ('' for the default layer). */
  hiddenLayers: Record<string, string[]>;
  toggleLayer(eventId: string, layer: string): void;
}

export const useSitePlanView = create<SitePlanViewState>()(
  persist(
    (set) => ({
      hiddenLayers: {},
      toggleLayer: (eventId, layer) =>
        set((state) => {
          const hidden = state.hiddenLayers[eventId] ?? [];
          const next = hidden.includes(layer) ? hidden.filter((l) => l !== layer) : [...hidden, layer];
          return { hiddenLayers: { ...state.hiddenLayers, [eventId]: next } };
        }),
    }),
    { name: 'site-plan-view', partialize: (state) => ({ hiddenLayers: state.hiddenLayers }) },
  ),
);
