/**
 * The shell's own elements (client/index.html), on every page: the message line, the connection
 * line, the challenges sent to me, and #page, where the page shown goes.
 */
import { byId, type El } from './dom.js';

export const SHELL_IDS = {
  message: 'p',
  connection: 'p',
  incoming: 'aside',
  page: 'div',
} as const;

let lookup: El<typeof SHELL_IDS> | null = null;

/** A shell element by its id. */
export const shellEl: El<typeof SHELL_IDS> = (id) => (lookup ??= byId(document, SHELL_IDS))(id);
