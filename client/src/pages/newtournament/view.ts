/**
 * The new arena form: its fields (the variant in the page's language, the clock presets), the
 * way to sign up for a guest, and the server's refusal, in words, when it refuses the terms.
 */
import { VARIANT_IDS } from '../../../../src/rules/index.js';
import { byId, type El } from '../../lib/dom.js';
import { t, variantName } from '../../lib/i18n/index.js';
import { pageRoot } from '../../lib/page.js';
import type { ArenaFields } from './form-rules.js';
import { NEW_TOURNAMENT_IDS } from './ids.js';
import markup from './newtournament.html?raw';

export class NewTournamentView {
  readonly root = pageRoot(markup);
  readonly el: El<typeof NEW_TOURNAMENT_IDS> = byId(this.root, NEW_TOURNAMENT_IDS);
  /** The server's refusal, in words (null: none). */
  error: string | null = null;
  busy = false;

  constructor(
    private readonly account: () => boolean,
    submit: (fields: ArenaFields) => void,
  ) {
    const { el } = this;
    el('nt-form').addEventListener('submit', (e) => {
      e.preventDefault();
      submit(this.fields());
    });
  }

  fields(): ArenaFields {
    const { el } = this;
    return {
      name: el('nt-name').value,
      variant: el('nt-variant').value,
      clock: el('nt-clock').value,
      minutes: el('nt-minutes').value,
      startIn: el('nt-start').value,
      rated: el('nt-rated').checked,
      berserkable: el('nt-berserk').checked,
      password: el('nt-password').value,
      minRatedGames: el('nt-min-games').value,
      minRating: el('nt-min-rating').value,
      maxRating: el('nt-max-rating').value,
    };
  }

  draw(): void {
    const { el } = this;
    document.title = t('tournaments.newPageTitle');
    const select = el('nt-variant');
    const picked = select.value || 'brazilian';
    select.replaceChildren(...VARIANT_IDS.map((v) => new Option(variantName(v), v)));
    select.value = picked;
    const account = this.account();
    el('nt-accounts').hidden = account;
    el('nt-submit').disabled = !account || this.busy;
    el('nt-error').hidden = this.error === null;
    el('nt-error').textContent = this.error ?? '';
  }
}
