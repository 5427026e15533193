/** The reasons to decline a challenge, as a choice (a link's page, a notice). */
import { DECLINE_REASONS, type DeclineReason } from '../../../src/common/protocol.js';
import { declineLabel } from './terms.js';

/** The choice's options, each reason in the language now (the one chosen stays chosen). */
export function drawReasons(select: HTMLSelectElement): void {
  if (select.options.length === 0)
    for (const r of DECLINE_REASONS) select.add(new Option(declineLabel(r), r));
  else for (const o of select.options) o.text = declineLabel(o.value as DeclineReason);
}
