/**
 * Challenges on the page: the lobby's "Play a friend" form and its waiting box (the link to
 * send, Copy, Cancel), the challenge page of a link (/challenge/<id>), and the notices of
 * challenges sent to me. They read challenges and write the DOM; they change no state.
 */
import { getVariant, VARIANT_IDS, type VariantId } from '../../../src/rules/index.js';
import {
  CORRESPONDENCE_DAYS,
  DECLINE_REASONS,
  type Challenge,
  type ChallengeTerms,
  type DeclineReason,
} from '../../../src/common/protocol.js';
import { closedText, colourText, DECLINE_LABEL, paceText, termsLine } from '../terms.js';
import { setupFen } from './setup.js';
import { $, showIf, showMain } from './dom.js';
import { playerName } from './player-name.js';

/** A challenge's link as the person sends it: the full URL. */
const fullUrl = (c: Challenge) => new URL(c.url, location.origin).href;

/** The form's choices: variants, days per move, decline reasons. */
export function fillChallengeForms(): void {
  const variant = $<HTMLSelectElement>('friend-variant');
  for (const id of VARIANT_IDS) variant.add(new Option(getVariant(id).name, id));
  const days = $('friend-days');
  for (const d of CORRESPONDENCE_DAYS)
    days.append(new Option(`${d} ${d === 1 ? 'day' : 'days'} per move`, `d${d}`));
  fillReasons($<HTMLSelectElement>('challenge-reason'));
  $('friend-to').addEventListener('input', syncFriendButtons);
}

function fillReasons(select: HTMLSelectElement): void {
  for (const r of DECLINE_REASONS) select.add(new Option(DECLINE_LABEL[r], r));
}

/** A seek is for anyone: not with a username. The main button says what it will do. */
function syncFriendButtons(): void {
  const to = $<HTMLInputElement>('friend-to').value.trim();
  $<HTMLButtonElement>('seek-create').disabled = to !== '';
  $('friend-create').textContent = to ? `Challenge ${to}` : 'Create a challenge link';
}

/**
 * The challenge the form describes: its time option reads "initial+increment" (ms), "d<days>"
 * (correspondence) or "" (no clock); `seek`: listed in the lobby rather than sent.
 */
export function formTerms(seek: boolean): ChallengeTerms {
  const time = $<HTMLSelectElement>('friend-time').value;
  const to = $<HTMLInputElement>('friend-to').value.trim();
  const terms: ChallengeTerms = {
    variant: $<HTMLSelectElement>('friend-variant').value as VariantId,
    color: $<HTMLSelectElement>('friend-color').value as ChallengeTerms['color'],
  };
  if (time.startsWith('d')) terms.days = Number(time.slice(1));
  else if (time) {
    const [initial, increment] = time.split('+').map(Number);
    terms.clock = { initial, increment };
  }
  // A set-up position is casual only.
  const fen = setupFen();
  if (fen) terms.fen = fen;
  else if ($<HTMLInputElement>('friend-rated').checked) terms.rated = true;
  if (seek) terms.public = true;
  else if (to) terms.to = to;
  return terms;
}

/** The challenge I wait on: what I wait for, its link (to send), Copy and Cancel. */
export function showOutgoing(c: Challenge | null): void {
  $<HTMLFieldSetElement>('friend-fields').disabled = c !== null;
  showIf('friend-waiting', c !== null);
  if (!c) return;
  $('friend-waiting-text').replaceChildren(
    ...(c.public
      ? [`Your seek is in the lobby (${termsLine(c)}): waiting for an opponent…`]
      : c.dest
        ? ['Waiting for ', playerName(c.dest), ` to answer (${termsLine(c)})…`]
        : [`Waiting for your opponent (${termsLine(c)}). Send them this link:`]),
  );
  $<HTMLInputElement>('friend-link').value = fullUrl(c);
}

export function showOutcome(text: string | null): void {
  $('friend-result').textContent = text ?? '';
  showIf('friend-result', text !== null);
}

// ------------------------------------------------------------------------------ the page

/**
 * A challenge's page. Its parts: the terms; an answer (Accept, Decline with a reason, and a
 * name for a visitor with no identity yet) for whoever may accept; the link and Cancel for its
 * challenger; once closed, its state and, once accepted, the game.
 */
export function showChallengePage(c: Challenge | null, me: string | undefined): void {
  showMain('challenge-page');
  if (!c) {
    $('challenge-title').textContent = 'No such challenge';
    $('challenge-state').textContent = 'This link does not lead to a challenge: check it.';
    for (const id of ['challenge-terms', 'challenge-answer', 'challenge-own', 'challenge-game'])
      showIf(id, false);
    return;
  }
  const mine = me !== undefined && me === c.challenger.id;
  const forOther = c.dest !== null && c.dest.id !== me;
  const open = c.status === 'open';
  $('challenge-title').replaceChildren(
    ...(mine
      ? ['Your challenge']
      : [
          playerName(c.challenger, { rating: true }),
          ' challenges ',
          c.dest ? playerName(c.dest) : 'you',
        ]),
  );
  drawTerms(c, me);
  $('challenge-state').textContent = !open
    ? closedText(c, me)
    : mine
      ? 'Waiting for your opponent…'
      : forOther && c.dest
        ? `This challenge is for ${c.dest.name}${me === undefined ? ': log in as them to answer it' : ''}.`
        : 'Accept to start the game.';
  showIf('challenge-answer', open && !mine && !forOther);
  // A visitor with no identity yet plays under the name given here.
  const named = me === undefined;
  showIf('challenge-name-label', named);
  $<HTMLInputElement>('challenge-name').disabled = !named;
  // A lobby seek is not declined, only left.
  showIf('challenge-decline-box', !c.public);
  showIf('challenge-own', open && mine);
  $<HTMLInputElement>('challenge-link').value = fullUrl(c);
  const game = $<HTMLAnchorElement>('challenge-game');
  game.hidden = c.status !== 'accepted' || c.matchId === null;
  if (c.matchId) game.href = `/?game=${encodeURIComponent(c.matchId)}`;
}

function drawTerms(c: Challenge, me: string | undefined): void {
  const rows: [string, string | Node][] = [
    ['Challenger', playerName(c.challenger, { rating: true })],
    [
      'For',
      c.dest ? playerName(c.dest) : c.public ? 'Anyone in the lobby' : 'Whoever opens the link',
    ],
    ['Variant', getVariant(c.variant).name],
    ['Time control', paceText(c)],
    ['Colour', colourText(c, me)],
    ['Mode', c.rated ? 'Rated' : 'Casual'],
  ];
  if (c.fen) rows.push(['Start position', c.fen]);
  const dl = $('challenge-terms');
  dl.replaceChildren(
    ...rows.flatMap(([k, v]) => {
      const dt = document.createElement('dt');
      dt.textContent = k;
      const dd = document.createElement('dd');
      dd.append(v);
      dd.dataset.term = k.toLowerCase().replace(/ /g, '-');
      return [dt, dd];
    }),
  );
  dl.hidden = false;
}

export const challengeName = () => $<HTMLInputElement>('challenge-name').value.trim();

export const pageReason = () => $<HTMLSelectElement>('challenge-reason').value as DeclineReason;

// ------------------------------------------------------------------------------ sent to me

export interface Answer {
  accept(id: string): void;
  decline(id: string, reason: DeclineReason): void;
}

/** A notice per challenge sent to me: who, the terms, Accept, and Decline with a reason. */
export function showIncoming(list: Challenge[], answer: Answer): void {
  $('incoming').replaceChildren(
    ...list.map((c) => {
      const box = document.createElement('div');
      box.className = 'notice';
      box.dataset.challenge = c.id;
      const text = document.createElement('p');
      text.append(playerName(c.challenger, { rating: true }), ` challenges you: ${termsLine(c)}.`);
      const accept = button('Accept', 'accept', () => answer.accept(c.id));
      const reason = document.createElement('select');
      reason.className = 'reason';
      reason.setAttribute('aria-label', 'Reason to decline');
      fillReasons(reason);
      const decline = button('Decline', 'decline', () =>
        answer.decline(c.id, reason.value as DeclineReason),
      );
      const refuse = document.createElement('span');
      refuse.className = 'decline';
      refuse.append(reason, decline);
      const actions = document.createElement('div');
      actions.className = 'actions';
      actions.append(accept, refuse);
      box.append(text, actions);
      return box;
    }),
  );
  showIf('incoming', list.length > 0);
}

function button(label: string, cls: string, onClick: () => void): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = cls;
  b.textContent = label;
  b.addEventListener('click', onClick);
  return b;
}
