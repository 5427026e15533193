/**
 * The challenges sent to me, as notices on every page of the lobby's (the shell's #incoming):
 * who, the terms, Accept, and Decline with a reason. Drawn from the challenges this tab knows.
 */
import type { DeclineReason } from '../../../src/common/protocol.js';
import type { Challenges } from './challenges.js';
import { drawReasons } from './decline-reasons.js';
import { language, t, tParts } from './i18n/index.js';
import { playerName } from './player-name.js';
import type { Session } from './session.js';
import { shellEl } from './shell.js';
import { termsLine } from './terms.js';

export class IncomingNotices {
  /** What the notices show (their challenges, the language): not rebuilt while it holds. */
  private drawn = '';

  constructor(
    private readonly challenges: Challenges,
    private readonly session: Session,
  ) {}

  redraw(): void {
    const box = shellEl('incoming');
    const list = this.challenges.incoming;
    // A choice being made (a reason) is not closed under the pointer by news of another kind.
    const drawn = [language(), ...list.map((c) => c.id)].join(' ');
    if (drawn === this.drawn) return;
    this.drawn = drawn;
    // A reason picked already stays picked.
    const picked = new Map(
      [...box.querySelectorAll<HTMLElement>('.notice')].map((n) => [
        n.dataset.challenge,
        n.querySelector<HTMLSelectElement>('select.reason')?.value,
      ]),
    );
    box.replaceChildren(
      ...list.map((c) => {
        const notice = document.createElement('div');
        notice.className = 'notice';
        notice.dataset.challenge = c.id;
        const text = document.createElement('p');
        text.append(
          ...tParts('challenge.incoming', {
            name: playerName(c.challenger, { rating: true }),
            terms: termsLine(c),
          }),
        );
        const accept = button(t('common.accept'), 'accept', () => this.accept(c.id));
        const reason = document.createElement('select');
        reason.className = 'reason';
        reason.setAttribute('aria-label', t('challenge.reason'));
        drawReasons(reason);
        reason.value = picked.get(c.id) ?? reason.value;
        const decline = button(t('common.decline'), 'decline', () =>
          this.decline(c.id, reason.value as DeclineReason),
        );
        const refuse = document.createElement('span');
        refuse.className = 'decline';
        refuse.append(reason, decline);
        const actions = document.createElement('div');
        actions.className = 'actions';
        actions.append(accept, refuse);
        notice.append(text, actions);
        return notice;
      }),
    );
    box.hidden = list.length === 0;
  }

  private accept(id: string): void {
    void this.session.attempt(() => this.challenges.accept(id));
  }

  private decline(id: string, reason: DeclineReason): void {
    void this.session.attempt(() => this.challenges.decline(id, reason));
  }
}

function button(label: string, cls: string, onClick: () => void): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = cls;
  b.textContent = label;
  b.addEventListener('click', onClick);
  return b;
}
