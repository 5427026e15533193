/** The message line: one message at a time, gone after six seconds. */
import { shellEl } from './shell.js';

let messageTimer: ReturnType<typeof setTimeout> | undefined;

export function say(text: string): void {
  show(text, 'error');
}

/** News, not a complaint (a takeback done, an offer made): the same place, a calm colour. */
export function inform(text: string): void {
  show(text, 'info');
}

function show(text: string, tone: 'error' | 'info'): void {
  const m = shellEl('message');
  m.dataset.tone = tone;
  // A complaint interrupts a screen reader; news waits for a pause.
  m.setAttribute('role', tone === 'error' ? 'alert' : 'status');
  m.setAttribute('aria-live', tone === 'error' ? 'assertive' : 'polite');
  m.textContent = text;
  m.hidden = false;
  clearTimeout(messageTimer);
  messageTimer = setTimeout(() => (m.hidden = true), 6000);
}

/** A message that no longer holds (what it complained of was put right): gone at once. */
export function clearMessage(): void {
  clearTimeout(messageTimer);
  shellEl('message').hidden = true;
}
