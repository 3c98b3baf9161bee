import { setForbiddenReadHandler, type ApiError } from '../api/client.js';
import { createStore } from './store.js';

/**
 * The page whose data the server refused to show (403), and why. The shell shows
 * only that problem there, never the page's forms: a member who opens another
 * tenant's page or an operator page sees no form it could not use.
 */
export const forbiddenStore = createStore<{ path: string; error: ApiError } | null>(null);

setForbiddenReadHandler((error) => forbiddenStore.set({ path: window.location.pathname, error }));
