/**
 * Challenges on the page: the lobby's "Play a friend" form and its waiting box (the link to
 * send, Copy, Cancel), the challenge page of a link (/challenge/<id>), and the notices of
 * challenges sent to me. They read challenges and write the DOM; they change no state (what they
 * drew last is kept, to draw it again in another language).
 */
import { VARIANT_IDS, type VariantId } from '../../../../src/rules/index.js';
import {
  CORRESPONDENCE_DAYS,
  DECLINE_REASONS,
  type Challenge,
  type ChallengeTerms,
  type DeclineReason,
} from '../../../../src/common/protocol.js';
import { onLanguageChange, t, tParts, variantName } from '../../lib/i18n/index.js';
import { closedText, colourText, declineLabel, paceText, termsLine } from '../../lib/terms.js';
import { setupFen } from '../lobby/setup.js';
import { $, showIf, showMain } from '../../lib/dom.js';
import { playerName } from '../../lib/player-name.js';

/** What was drawn last: drawn again when the language changes. */
const shown: {
  outgoing: Challenge | null;
  outcome: (() => string) | null;
  page: { c: Challenge | null; me: string | undefined } | null;
  incoming: { list: Challenge[]; answer: Answer } | null;
} = { outgoing: null, outcome: null, page: null, incoming: null };

onLanguageChange(() => {
  relabel();
  showOutgoing(shown.outgoing);
  showOutcome(shown.outcome);
  if (shown.page && !$('challenge-page').hidden) showChallengePage(shown.page.c, shown.page.me);
  // A notice's reason picked already stays picked.
  const picked = [...$('incoming').querySelectorAll<HTMLSelectElement>('select.reason')].map(
    (s) => s.value,
  );
  if (shown.incoming) showIncoming(shown.incoming.list, shown.incoming.answer);
  $('incoming')
    .querySelectorAll<HTMLSelectElement>('select.reason')
    .forEach((s, i) => (s.value = picked[i] ?? s.value));
});

/** A challenge's link as the person sends it: the full URL. */
const fullUrl = (c: Challenge) => new URL(c.url, location.origin).href;

/** The form's choices: variants, days per move, decline reasons. */
export function fillChallengeForms(): void {
  const variant = $<HTMLSelectElement>('friend-variant');
  for (const id of VARIANT_IDS) variant.add(new Option(variantName(id), id));
  const days = $('friend-days');
  for (const d of CORRESPONDENCE_DAYS)
    days.append(new Option(t('clock.daysPerMove', { count: d }), `d${d}`));
  fillReasons($<HTMLSelectElement>('challenge-reason'));
  $('friend-to').addEventListener('input', syncFriendButtons);
  syncFriendButtons();
}

/** The choices' words in the language now (their values, and so the choices made, stay). */
function relabel(): void {
  for (const o of $<HTMLSelectElement>('friend-variant').options)
    o.text = variantName(o.value as VariantId);
  for (const o of $('friend-days').querySelectorAll('option'))
    o.text = t('clock.daysPerMove', { count: Number(o.value.slice(1)) });
  for (const o of $<HTMLSelectElement>('challenge-reason').options)
    o.text = declineLabel(o.value as DeclineReason);
  syncFriendButtons();
}

function fillReasons(select: HTMLSelectElement): void {
  for (const r of DECLINE_REASONS) select.add(new Option(declineLabel(r), r));
}

/** A seek is for anyone: not with a username. The main button says what it will do. */
function syncFriendButtons(): void {
  const to = $<HTMLInputElement>('friend-to').value.trim();
  $<HTMLButtonElement>('seek-create').disabled = to !== '';
  $('friend-create').textContent = to
    ? t('friend.challengeName', { name: to })
    : t('friend.createLink');
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
  shown.outgoing = c;
  $<HTMLFieldSetElement>('friend-fields').disabled = c !== null;
  showIf('friend-waiting', c !== null);
  if (!c) return;
  $('friend-waiting-text').replaceChildren(
    ...(c.public
      ? [t('friend.seekListed', { terms: termsLine(c) })]
      : c.dest
        ? tParts('friend.waitingFor', { name: playerName(c.dest), terms: termsLine(c) })
        : [t('friend.sendLink', { terms: termsLine(c) })]),
  );
  $<HTMLInputElement>('friend-link').value = fullUrl(c);
}

/** What became of my challenge: its words are made again in another language (null: none). */
export function showOutcome(text: (() => string) | null): void {
  shown.outcome = text;
  $('friend-result').textContent = text?.() ?? '';
  showIf('friend-result', text !== null);
}

// ------------------------------------------------------------------------------ the page

/**
 * A challenge's page. Its parts: the terms; an answer (Accept, Decline with a reason, and a
 * name for a visitor with no identity yet) for whoever may accept; the link and Cancel for its
 * challenger; once closed, its state and, once accepted, the game.
 */
export function showChallengePage(c: Challenge | null, me: string | undefined): void {
  shown.page = { c, me };
  showMain('challenge-page');
  if (!c) {
    $('challenge-title').textContent = t('challenge.noSuch');
    $('challenge-state').textContent = t('challenge.badLink');
    for (const id of ['challenge-terms', 'challenge-answer', 'challenge-own', 'challenge-game'])
      showIf(id, false);
    return;
  }
  const mine = me !== undefined && me === c.challenger.id;
  const forOther = c.dest !== null && c.dest.id !== me;
  const open = c.status === 'open';
  const challenger = playerName(c.challenger, { rating: true });
  $('challenge-title').replaceChildren(
    ...(mine
      ? [t('challenge.yours')]
      : c.dest
        ? tParts('challenge.challengesOther', { challenger, dest: playerName(c.dest) })
        : tParts('challenge.challengesYou', { challenger })),
  );
  drawTerms(c, me);
  $('challenge-state').textContent = !open
    ? closedText(c, me)
    : mine
      ? t('challenge.waiting')
      : forOther && c.dest
        ? t(me === undefined ? 'challenge.forOtherLogIn' : 'challenge.forOther', {
            name: c.dest.name,
          })
        : t('challenge.acceptToStart');
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

/** The terms, each marked with a data-term that does not change with the language. */
function drawTerms(c: Challenge, me: string | undefined): void {
  const rows: [string, string, string | Node][] = [
    ['challenger', t('challenge.challenger'), playerName(c.challenger, { rating: true })],
    [
      'for',
      t('challenge.for'),
      c.dest ? playerName(c.dest) : t(c.public ? 'challenge.anyone' : 'challenge.whoever'),
    ],
    ['variant', t('common.variant'), variantName(c.variant)],
    ['time-control', t('common.timeControl'), paceText(c)],
    ['colour', t('challenge.colour'), colourText(c, me)],
    ['mode', t('challenge.mode'), t(c.rated ? 'common.rated' : 'common.casual')],
  ];
  if (c.fen) rows.push(['start-position', t('challenge.startPosition'), c.fen]);
  const dl = $('challenge-terms');
  dl.replaceChildren(
    ...rows.flatMap(([id, k, v]) => {
      const dt = document.createElement('dt');
      dt.textContent = k;
      const dd = document.createElement('dd');
      dd.append(v);
      dd.dataset.term = id;
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
  shown.incoming = { list, answer };
  $('incoming').replaceChildren(
    ...list.map((c) => {
      const box = document.createElement('div');
      box.className = 'notice';
      box.dataset.challenge = c.id;
      const text = document.createElement('p');
      text.append(
        ...tParts('challenge.incoming', {
          name: playerName(c.challenger, { rating: true }),
          terms: termsLine(c),
        }),
      );
      const accept = button(t('common.accept'), 'accept', () => answer.accept(c.id));
      const reason = document.createElement('select');
      reason.className = 'reason';
      reason.setAttribute('aria-label', t('challenge.reason'));
      fillReasons(reason);
      const decline = button(t('common.decline'), 'decline', () =>
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
