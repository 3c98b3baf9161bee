import { createStore } from './store.js';

/**
 * What the last action did, said at the top of the page: every action confirms
 * itself, also one that moves to another page (a deletion returns to the list).
 */
export const announcementStore = createStore<{ message: string; id: number } | null>(null);
let serial = 0;

export function announce(message: string): void {
  announcementStore.set({ message, id: ++serial });
}

export function dismissAnnouncement(): void {
  announcementStore.set(null);
}
