/**
 * "Report this player": a dialog (reason, a text), from the profile and the game page. Sent
 * to the moderators' queue; the answer is said in the page's message line.
 */
import {
  REPORT_REASONS,
  REPORT_TEXT_MAX,
  type ReportReason,
} from '../../../src/common/protocol.js';
import { explain } from './errors.js';
import { t } from './i18n/index.js';
import { say } from './messages.js';
import { report } from './moderation-api.js';

export function openReportDialog(username: string, matchId?: string): HTMLDialogElement {
  const dialog = document.createElement('dialog');
  dialog.className = 'report-dialog';
  dialog.id = 'report-dialog';
  const form = document.createElement('form');
  form.method = 'dialog';
  const title = document.createElement('h2');
  title.textContent = t('moderation.reportTitle', { name: username });
  const reason = document.createElement('select');
  reason.id = 'report-reason';
  reason.append(...REPORT_REASONS.map((r) => new Option(t(`moderation.reason.${r}`), r)));
  const reasonLabel = document.createElement('label');
  reasonLabel.append(t('moderation.reasonLabel'), ' ', reason);
  const text = document.createElement('textarea');
  text.id = 'report-text';
  text.maxLength = REPORT_TEXT_MAX;
  text.rows = 4;
  text.placeholder = t('moderation.reportText');
  text.setAttribute('aria-label', t('moderation.reportText'));
  const send = document.createElement('button');
  send.id = 'report-send';
  send.type = 'submit';
  send.textContent = t('moderation.send');
  const cancel = document.createElement('button');
  cancel.type = 'button';
  cancel.textContent = t('common.cancel');
  cancel.addEventListener('click', () => dialog.close());
  const buttons = document.createElement('p');
  buttons.append(send, ' ', cancel);
  form.append(title, reasonLabel, text, buttons);
  dialog.append(form);
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const body = {
      username,
      reason: reason.value as ReportReason,
      text: text.value,
      ...(matchId ? { matchId } : {}),
    };
    report(body).then(
      () => {
        dialog.close();
        say(t('moderation.reported'));
      },
      (err: unknown) => say(explain(err)),
    );
  });
  dialog.addEventListener('close', () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  return dialog;
}
