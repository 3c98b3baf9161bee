import { createStore } from '../lib/store.js';

const STORAGE_KEY = 'content-feed.console.tenant';

function stored(): string | null {
  try {
    return window.sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The tenant an operator last opened: the tenant menu stays on it while they visit Sources. */
export const chosenTenant = createStore<string | null>(stored());

export function rememberTenant(tenantId: string | null): void {
  try {
    if (tenantId) window.sessionStorage.setItem(STORAGE_KEY, tenantId);
    else window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Not remembered across reloads; fine.
  }
  chosenTenant.set(tenantId);
}
