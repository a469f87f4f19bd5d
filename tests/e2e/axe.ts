/**
 * axe-core in the page under test: its source evaluated in the page (through the DevTools protocol,
 * so the server's Content-Security-Policy, which allows no inline script, does not stop it), then
 * run with the WCAG 2.0/2.1 level A and AA rules.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface AxeViolation { id: string; impact: string | null; help: string; nodes: string[] }
/** A rule's finding on elements the app cannot change (a library's markup), left out: the element matches `selector`. */
export interface AxeExclusion { rule: string; selector: string }

/**
 * The page's violations of WCAG 2 A/AA rules, each with where it was found and why (at most 5
 * places), leaving out the excluded findings.
 */
export async function axeViolations(page: Page, exclusions: AxeExclusion[] = []): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async ({ tags, exclusions }) => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'], elementRef: true });
    const excluded = (rule: string, el: Element | undefined) =>
      exclusions.some((x) => x.rule === rule && Boolean(el?.matches(x.selector)));
    return result.violations
      .map((v) => ({ v, nodes: v.nodes.filter((n) => !excluded(v.id, n.element)) }))
      .filter(({ nodes }) => nodes.length > 0)
      .map(({ v, nodes }) => ({
        id: v.id, impact: v.impact ?? null, help: v.help,
        nodes: nodes.slice(0, 5).map((n) => `${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ') ?? ''}`),
      }));
  }, { tags: WCAG_AA, exclusions });
}
