/**
 * A challenge's page (/challenge/<id>): its challenge as the challenges this tab knows have it
 * (read, then watched), and the answers: accept or decline (a visitor with no identity yet
 * becomes a guest under the name given), or, for its challenger, cancel. No DOM.
 */
import type { DeclineReason } from '../../../../src/common/protocol.js';
import type { Challenges } from '../../lib/challenges.js';
import type { Session } from '../../lib/session.js';

export class ChallengePageCtrl {
  constructor(
    private readonly challenges: Challenges,
    private readonly session: Session,
  ) {}

  /** The challenge shown (null: not read yet, or no such challenge: `missing`). */
  get challenge() {
    return this.challenges.pageChallenge;
  }

  get missing(): boolean {
    return this.challenges.pageMissing;
  }

  /** Who I am (undefined: a visitor with no identity yet). */
  get me(): string | undefined {
    return this.session.identity?.id;
  }

  accept(name: string): Promise<void> {
    return this.answer(name, (id) => this.challenges.accept(id));
  }

  decline(name: string, reason: DeclineReason): Promise<void> {
    return this.answer(name, (id) => this.challenges.decline(id, reason));
  }

  cancel(): Promise<void> {
    return this.challenges.cancel(this.challenge?.id);
  }

  private async answer(name: string, fn: (id: string) => Promise<void>): Promise<void> {
    const c = this.challenge;
    if (!c) return;
    await this.session.connect(this.session.identity ? undefined : name);
    await fn(c.id);
  }
}
