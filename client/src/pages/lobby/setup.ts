/**
 * A set-up position brought from the board editor (/?variant=..&fen=..#computer or #friend):
 * the lobby's computer game and friend challenge start from it until it is cleared. The queue
 * cannot (it pairs strangers in the usual position), so it is hidden meanwhile; such games are
 * casual, as the contract says.
 */
import { rulesReason } from '../../lib/rules-text.js';
import { isVariantId, startPosition, type VariantId } from '../../../../src/rules/index.js';
import { onLanguageChange, t, tParts, variantName } from '../../lib/i18n/index.js';
import { $ } from '../../lib/dom.js';
import { say } from '../../lib/messages.js';

let setup: { variant: VariantId; fen: string } | null = null;

/** The position games start from, if one was brought. */
export const setupFen = (): string | undefined => setup?.fen;

/** Reads ?variant=&fen= off the address: a playable position is shown and used. */
export function readSetup(params: URLSearchParams): void {
  const variant = params.get('variant') ?? '';
  const fen = params.get('fen');
  if (!fen || !isVariantId(variant)) return;
  const start = startPosition(variant, fen);
  if (!start.ok) return say(t('lobby.setupBad', { reason: rulesReason(start.error) }));
  setup = { variant, fen: start.value.fen };
  show();
  // The editor's button said which game: its button is the next thing to press.
  const next = { '#computer': 'play-computer', '#friend': 'friend-create' }[location.hash];
  if (next) $(next).focus();
}

export function clearSetup(): void {
  setup = null;
  show();
  history.replaceState(null, '', '/');
}

onLanguageChange(show);

function show(): void {
  $('setup').hidden = setup === null;
  $('lobby').classList.toggle('from-setup', setup !== null);
  for (const id of ['variant', 'friend-variant']) {
    const select = $<HTMLSelectElement>(id);
    if (setup) select.value = setup.variant;
    select.disabled = setup !== null;
  }
  if (!setup) return;
  const variant = document.createElement('span');
  variant.id = 'setup-variant';
  variant.textContent = variantName(setup.variant);
  $('setup-intro').replaceChildren(...tParts('lobby.setupIntro', { variant }));
  $('setup-fen').textContent = setup.fen;
  const editor = $<HTMLAnchorElement>('setup-edit');
  editor.href = `/editor/${setup.variant}?fen=${encodeURIComponent(setup.fen)}`;
}
