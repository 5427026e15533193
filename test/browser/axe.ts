/** axe-core on a page of the app: the WCAG 2.1 A and AA rules, every violation a failure. */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The violations axe finds on the page as it is now, one line each (rule, help, elements). */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations.map(
    (v) =>
      `${v.id} (${v.impact ?? '?'}): ${v.help} [${v.nodes.map((n) => n.target.join(' ')).join(', ')}]`,
  );
}

/** Fails (saying which rules, where, and why) if axe finds a violation on the page. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const found = await axeViolations(page);
  if (found.length > 0)
    throw new Error(`axe: ${found.length} violation(s) on ${page.url()}\n${found.join('\n')}`);
}
