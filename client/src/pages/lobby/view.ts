/**
 * The lobby page: the play form (name, variant, clock, waiting) and the live games list (the
 * "Play a friend" form and the seeks are view/challenge.ts and view/seeks.ts).
 */
import { VARIANT_IDS, type VariantId } from '../../../../src/rules/index.js';
import type { ClientPayload, MatchSummary } from '../../../../src/common/protocol.js';
import { onLanguageChange, t, variantName } from '../../lib/i18n/index.js';
import { $, showMain } from '../../lib/dom.js';
import { playerName, sideName } from '../../lib/player-name.js';
import { setupFen } from './setup.js';

/** The variant choices and the name last used. */
export function fillForm(name: string | null): void {
  const variant = $<HTMLSelectElement>('variant');
  for (const id of VARIANT_IDS) variant.add(new Option(variantName(id), id));
  $<HTMLInputElement>('name').value = name ?? '';
}

/** What was drawn last: drawn again in another language. */
let live: Parameters<typeof renderLive> | null = null;

onLanguageChange(() => {
  for (const o of $<HTMLSelectElement>('variant').options)
    o.text = variantName(o.value as VariantId);
  if (live) renderLive(...live);
});

export const formName = () => $<HTMLInputElement>('name').value.trim();

/** A name field of only spaces is empty: said so by the browser's own check, not made "guest". */
export function checkName(id: string): void {
  const input = $<HTMLInputElement>(id);
  input.setCustomValidity(
    input.value !== '' && input.value.trim() === '' ? t('lobby.nameEmpty') : '',
  );
}

/** The queue:join request the form describes: its clock option reads "initial+increment" (ms). */
export function formSeek(): ClientPayload<'queue:join'> {
  const variant = $<HTMLSelectElement>('variant').value as VariantId;
  const clock = $<HTMLSelectElement>('clock').value;
  const [initial, increment] = clock ? clock.split('+').map(Number) : [];
  const rated = $<HTMLInputElement>('rated').checked;
  return {
    variant,
    ...(clock ? { clock: { initial, increment } } : {}),
    ...(rated ? { rated } : {}),
  };
}

/** The computer:play request: the form's variant and clock, and the level and colour chosen. */
export function formComputer(): ClientPayload<'computer:play'> {
  const color = $<HTMLSelectElement>('color').value as 'white' | 'black' | 'random';
  // Games against the computer are never rated.
  const { variant, clock } = formSeek();
  const fen = setupFen();
  const level = Number($<HTMLSelectElement>('level').value);
  return { variant, clock, level, color, ...(fen ? { fen } : {}) };
}

export function setWaiting(on: boolean): void {
  $('waiting').hidden = !on;
  $<HTMLButtonElement>('play').disabled = on;
  $<HTMLButtonElement>('play-computer').disabled = on;
}

export const lobbyShown = () => !$('lobby').hidden;

export const showLobbyPage = () => showMain('lobby');

export const showGamePage = () => showMain('game');

/** The first twenty live games, each with a Watch button. */
export function renderLive(list: MatchSummary[], watch: (matchId: string) => void): void {
  live = [list, watch];
  $('live').replaceChildren(
    ...list.slice(0, 20).map((m) => {
      const li = document.createElement('li');
      const text = document.createElement('span');
      text.append(
        playerName(sideName(m, 'white'), { rating: true }),
        ' – ',
        playerName(sideName(m, 'black'), { rating: true }),
        ' · ',
        t(m.rated ? 'lobby.liveRated' : 'lobby.live', {
          variant: variantName(m.variant),
          move: Math.floor(m.ply / 2) + 1,
        }),
      );
      li.append(text);
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = t('lobby.watch');
      b.addEventListener('click', () => watch(m.id));
      li.append(b);
      return li;
    }),
  );
  $('no-live').hidden = list.length > 0;
}
