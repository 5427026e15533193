/**
 * The lobby's "Play a friend" form (a link, a direct challenge, a seek) and its waiting box (the
 * link to send, Copy, Cancel), drawn from the challenge I wait on and what became of it.
 */
import {
  CORRESPONDENCE_DAYS,
  type Challenge,
  type ChallengeTerms,
} from '../../../../src/common/protocol.js';
import { VARIANT_IDS, type VariantId } from '../../../../src/rules/index.js';
import type { Challenges } from '../../lib/challenges.js';
import { copyText, type El } from '../../lib/dom.js';
import { t, tParts, variantName } from '../../lib/i18n/index.js';
import { playerName } from '../../lib/player-name.js';
import { termsLine } from '../../lib/terms.js';
import type { LOBBY_IDS } from './ids.js';

/** A challenge's link as the person sends it: the full URL. */
const fullUrl = (c: Challenge) => new URL(c.url, location.origin).href;

export class FriendForm {
  constructor(
    private readonly el: El<typeof LOBBY_IDS>,
    private readonly challenges: Challenges,
    actions: { create(seek: boolean): void; cancel(): void },
  ) {
    for (const id of VARIANT_IDS) el('friend-variant').add(new Option(variantName(id), id));
    for (const d of CORRESPONDENCE_DAYS)
      el('friend-days').append(new Option(t('clock.daysPerMove', { count: d }), `d${d}`));
    el('friend-to').addEventListener('input', () => this.drawButtons());
    el('friend-form').addEventListener('submit', (e) => {
      e.preventDefault();
      actions.create(false);
    });
    el('seek-create').addEventListener('click', () => actions.create(true));
    el('friend-cancel').addEventListener('click', () => actions.cancel());
    el('friend-copy').addEventListener(
      'click',
      () => void copyText(el('friend-link'), el('friend-copy')),
    );
  }

  /**
   * The challenge the form describes: its time option reads "initial+increment" (ms), "d<days>"
   * (correspondence) or "" (no clock); `seek`: listed in the lobby rather than sent; `fen`: a
   * set-up position (casual only).
   */
  terms(seek: boolean, fen: string | undefined): ChallengeTerms {
    const { el } = this;
    const time = el('friend-time').value;
    const to = el('friend-to').value.trim();
    const terms: ChallengeTerms = {
      variant: el('friend-variant').value as VariantId,
      color: el('friend-color').value as ChallengeTerms['color'],
    };
    if (time.startsWith('d')) terms.days = Number(time.slice(1));
    else if (time) {
      const [initial, increment] = time.split('+').map(Number);
      terms.clock = { initial, increment };
    }
    if (fen) terms.fen = fen;
    else if (el('friend-rated').checked) terms.rated = true;
    if (seek) terms.public = true;
    else if (to) terms.to = to;
    return terms;
  }

  draw(): void {
    const { el } = this;
    // The choices' words in the language now (their values, and so the choices made, stay).
    for (const o of el('friend-variant').options) o.text = variantName(o.value as VariantId);
    for (const o of el('friend-days').querySelectorAll('option'))
      o.text = t('clock.daysPerMove', { count: Number(o.value.slice(1)) });
    this.drawButtons();
    // The challenge I wait on: what I wait for, its link (to send), Copy and Cancel.
    const c = this.challenges.mine;
    el('friend-fields').disabled = c !== null;
    el('friend-waiting').hidden = c === null;
    if (c) {
      el('friend-waiting-text').replaceChildren(
        ...(c.public
          ? [t('friend.seekListed', { terms: termsLine(c) })]
          : c.dest
            ? tParts('friend.waitingFor', { name: playerName(c.dest), terms: termsLine(c) })
            : [t('friend.sendLink', { terms: termsLine(c) })]),
      );
      const link = el('friend-link');
      if (link.value !== fullUrl(c)) link.value = fullUrl(c);
    }
    // What became of it.
    const outcome = this.challenges.outcome;
    el('friend-result').textContent = outcome?.() ?? '';
    el('friend-result').hidden = outcome === null;
  }

  /** A seek is for anyone: not with a username. The main button says what it will do. */
  private drawButtons(): void {
    const { el } = this;
    const to = el('friend-to').value.trim();
    el('seek-create').disabled = to !== '';
    el('friend-create').textContent = to
      ? t('friend.challengeName', { name: to })
      : t('friend.createLink');
  }
}
