/**
 * A challenge's page drawn, and its controls bound. Its parts: the terms; an answer (Accept,
 * Decline with a reason, and a name for a visitor with no identity yet) for whoever may accept;
 * the link and Cancel for its challenger; once closed, its state and, once accepted, the game.
 */
import type { Challenge, DeclineReason } from '../../../../src/common/protocol.js';
import { drawReasons } from '../../lib/decline-reasons.js';
import { displayName } from '../../lib/display-name.js';
import { byId, copyText, type El } from '../../lib/dom.js';
import { t, tParts, variantName } from '../../lib/i18n/index.js';
import { checkName } from '../../lib/name-field.js';
import { pageRoot } from '../../lib/page.js';
import { playerName } from '../../lib/player-name.js';
import { closedText, colourText, paceText } from '../../lib/terms.js';
import markup from './challenge.html?raw';
import type { ChallengePageCtrl } from './ctrl.js';
import { CHALLENGE_IDS } from './ids.js';

/** A challenge's link as the person sends it: the full URL. */
const fullUrl = (c: Challenge) => new URL(c.url, location.origin).href;

export class ChallengeView {
  readonly root = pageRoot(markup);
  readonly el: El<typeof CHALLENGE_IDS> = byId(this.root, CHALLENGE_IDS);

  constructor(
    private readonly ctrl: ChallengePageCtrl,
    /** Runs an action; a failure is told. */
    attempt: (fn: () => Promise<unknown>) => void,
  ) {
    const { el } = this;
    const name = el('challenge-name');
    name.addEventListener('input', () => checkName(name));
    // A visitor with no identity yet answers under the name given (the form's checks first).
    const answer = (fn: (name: string) => Promise<void>) =>
      attempt(async () => {
        if (!ctrl.challenge) return;
        if (ctrl.me === undefined) checkName(name);
        if (!el('challenge-form').reportValidity()) return;
        await fn(name.value.trim());
      });
    el('challenge-form').addEventListener('submit', (e) => {
      e.preventDefault();
      answer((n) => ctrl.accept(n));
    });
    el('challenge-decline').addEventListener('click', () =>
      answer((n) => ctrl.decline(n, el('challenge-reason').value as DeclineReason)),
    );
    el('challenge-cancel').addEventListener('click', () => attempt(() => ctrl.cancel()));
    el('challenge-copy').addEventListener(
      'click',
      () => void copyText(el('challenge-link'), el('challenge-copy')),
    );
  }

  draw(): void {
    const { el, ctrl } = this;
    const { challenge: c, me } = ctrl;
    document.title = t('title.lobby');
    drawReasons(el('challenge-reason'));
    if (ctrl.missing) {
      el('challenge-title').textContent = t('challenge.noSuch');
      el('challenge-state').textContent = t('challenge.badLink');
      for (const id of [
        'challenge-terms',
        'challenge-answer',
        'challenge-own',
        'challenge-game',
      ] as const)
        el(id).hidden = true;
      return;
    }
    if (!c) return;
    const mine = me !== undefined && me === c.challenger.id;
    const forOther = c.dest !== null && c.dest.id !== me;
    const open = c.status === 'open';
    const challenger = playerName(c.challenger, { rating: true });
    el('challenge-title').replaceChildren(
      ...(mine
        ? [t('challenge.yours')]
        : c.dest
          ? tParts('challenge.challengesOther', { challenger, dest: playerName(c.dest) })
          : tParts('challenge.challengesYou', { challenger })),
    );
    this.drawTerms(c, me);
    el('challenge-state').textContent = !open
      ? closedText(c, me)
      : mine
        ? t('challenge.waiting')
        : forOther && c.dest
          ? t(me === undefined ? 'challenge.forOtherLogIn' : 'challenge.forOther', {
              name: displayName(c.dest),
            })
          : t('challenge.acceptToStart');
    el('challenge-answer').hidden = !(open && !mine && !forOther);
    // A visitor with no identity yet plays under the name given here.
    const named = me === undefined;
    el('challenge-name-label').hidden = !named;
    el('challenge-name').disabled = !named;
    // A lobby seek is not declined, only left.
    el('challenge-decline-box').hidden = c.public;
    el('challenge-own').hidden = !(open && mine);
    el('challenge-link').value = fullUrl(c);
    const game = el('challenge-game');
    game.hidden = c.status !== 'accepted' || c.matchId === null;
    if (c.matchId) game.href = `/?game=${encodeURIComponent(c.matchId)}`;
  }

  /** The terms, each marked with a data-term that does not change with the language. */
  private drawTerms(c: Challenge, me: string | undefined): void {
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
    const dl = this.el('challenge-terms');
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
}
