/** The message line: one message at a time, gone after six seconds. */
import { $ } from './dom.js';

let messageTimer: ReturnType<typeof setTimeout> | undefined;

export function say(text: string): void {
  const m = $('message');
  m.textContent = text;
  m.hidden = false;
  clearTimeout(messageTimer);
  messageTimer = setTimeout(() => (m.hidden = true), 6000);
}

/** A message that no longer holds (what it complained of was put right): gone at once. */
export function clearMessage(): void {
  clearTimeout(messageTimer);
  $('message').hidden = true;
}
