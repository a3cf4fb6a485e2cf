/**
 * Which notifications the user marked read, kept on this device per user (the server has no read
 * flag: an invitation counts as read once it is answered).
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

interface ReadState {
  readByUser: Record<string, string[]>;
  markRead(userId: string, ids: string[]): void;
}

export const useReadStore = create<ReadState>()(
  persist(
    (set) => ({
      readByUser: {},
      markRead: (userId, ids) =>
        set((state) => ({
          readByUser: { ...state.readByUser, [userId]: [...new Set([...(state.readByUser[userId] ?? []), ...ids])] },
        })),
    }),
    { name: 'crewcamp-notifications-read', partialize: (state) => ({ readByUser: state.readByUser }) },
  ),
);
