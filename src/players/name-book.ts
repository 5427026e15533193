/**
 * Names by player id, and which of them are bots (shown with the title BOT). A plain map of
 * names is one too (with no bots in it), so views take either.
 */
export interface NameBook extends ReadonlyMap<string, string> {
  readonly bots?: ReadonlySet<string>;
}

/** A player's title as the wire shows it. */
export const titleOf = (names: NameBook, id: string): { title?: 'BOT' } =>
  names.bots?.has(id) ? { title: 'BOT' } : {};
