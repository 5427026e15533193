/** axe-core on a page of the app: the WCAG 2.1 A and AA rules, every violation a failure. */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * The rules a change of colour scheme can break: the schemes differ in colours alone (CSS
 * light-dark()), so a page already checked whole in one scheme needs only these in the other.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * The violations axe finds on the page as it is now, one line each (rule, help, elements):
 * every WCAG 2.1 A/AA rule, or only `rules` when given.
 */
export async function axeViolations(page: Page, rules?: string[]): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const results = await (rules ? builder.withRules(rules) : builder.withTags(WCAG_TAGS)).analyze();
  return results.violations.map(
    (v) =>
      `${v.id} (${v.impact ?? '?'}): ${v.help} [${v.nodes.map((n) => n.target.join(' ')).join(', ')}]`,
  );
}

/** Fails (saying which rules, where, and why) if axe finds a violation on the page. */
export async function expectNoAxeViolations(page: Page, rules?: string[]): Promise<void> {
  const found = await axeViolations(page, rules);
  if (found.length > 0)
    throw new Error(`axe: ${found.length} violation(s) on ${page.url()}\n${found.join('\n')}`);
}
