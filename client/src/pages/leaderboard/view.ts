/**
 * The leaderboard drawn from its state: the pool's pickers (variant, speed), the table (rank,
 * player linked to the profile, rating, games), and what it takes to be listed when nobody is.
 */
import {
  GAMES_TO_SETTLE,
  LEADERBOARD_ACTIVE_DAYS,
  LEADERBOARD_MAX_RD,
  SPEEDS,
  type LeaderboardEntry,
} from '../../../../src/common/protocol.js';
import { VARIANT_IDS, type VariantId } from '../../../../src/rules/index.js';
import { byId, type El } from '../../lib/dom.js';
import { speedName, t, variantName } from '../../lib/i18n/index.js';
import { pageRoot } from '../../lib/page.js';
import { playerName } from '../../lib/player-name.js';
import type { LeaderboardCtrl } from './ctrl.js';
import { LEADERBOARD_IDS } from './ids.js';
import markup from './leaderboard.html?raw';
import type { Pool } from './leaderboard-rules.js';

export class LeaderboardView {
  readonly root = pageRoot(markup);
  private readonly el: El<typeof LEADERBOARD_IDS> = byId(this.root, LEADERBOARD_IDS);

  constructor(
    private readonly ctrl: LeaderboardCtrl,
    /** Another pool picked. */
    pick: (pool: Pool) => void,
  ) {
    const { el } = this;
    const picked = () =>
      pick({
        variant: el('lb-variant').value as VariantId,
        speed: el('lb-speed').value as Pool['speed'],
      });
    el('lb-variant').addEventListener('change', picked);
    el('lb-speed').addEventListener('change', picked);
  }

  redraw(): void {
    const { el, ctrl } = this;
    const { variant, speed } = ctrl.pool;
    const pool = { variant: variantName(variant), speed: speedName(speed) };
    document.title = t('leaderboard.pageTitle', pool);
    el('lb-title').textContent = t('leaderboard.titleOf', pool);
    fill(el('lb-variant'), VARIANT_IDS, variantName, variant);
    fill(el('lb-speed'), SPEEDS, speedName, speed);
    const entries = ctrl.entries;
    el('lb-rows').replaceChildren(...(entries ?? []).map(row));
    el('lb-table').hidden = !entries?.length;
    el('lb-empty').hidden = entries === null || entries.length > 0;
    el('lb-empty').textContent = t('leaderboard.empty', {
      ...pool,
      rd: LEADERBOARD_MAX_RD,
      games: GAMES_TO_SETTLE,
    });
    el('lb-rule').textContent = t('leaderboard.rule', {
      rd: LEADERBOARD_MAX_RD,
      games: GAMES_TO_SETTLE,
      days: LEADERBOARD_ACTIVE_DAYS,
    });
  }
}

/** A select's options in the page's language, `value` picked. */
function fill<T extends string>(
  select: HTMLSelectElement,
  values: readonly T[],
  name: (v: T) => string,
  value: T,
): void {
  select.replaceChildren(...values.map((v) => new Option(name(v), v)));
  select.value = value;
}

function row(e: LeaderboardEntry): HTMLTableRowElement {
  const tr = document.createElement('tr');
  tr.dataset.username = e.username;
  const cells = [
    String(e.rank),
    playerName({ name: e.username }, { link: true }),
    String(e.rating),
    String(e.games),
  ];
  tr.append(
    ...cells.map((c) => {
      const td = document.createElement('td');
      td.append(c);
      return td;
    }),
  );
  return tr;
}
