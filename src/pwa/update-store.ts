/** Whether a new version of the app is installed and waiting, and how to switch to it. */
import { create } from 'zustand';

interface PwaUpdateState {
  isUpdateReady: boolean;
  applyUpdate(): void;
}

export const usePwaUpdateStore = create<PwaUpdateState>(() => ({
  isUpdateReady: false,
  applyUpdate() {},
}));
