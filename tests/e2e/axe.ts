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

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}
/** A rule's finding on elements the app cannot change (a library's markup), left out: the element matches `selector`. */
export interface AxeExclusion {
  rule: string;
  selector: string;
}

/**
 * The page's violations of WCAG 2 A/AA rules, each with where it was found and why (at most 5
 * places), leaving out the excluded findings.
 */
export async function axeViolations(page: Page, exclusions: AxeExclusion[] = []): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ tags, exclusions }) => {
      const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
      const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'], elementRef: true });
      const excluded = (rule: string, el: Element | undefined) =>
        exclusions.some((x) => x.rule === rule && Boolean(el?.matches(x.selector)));
      return result.violations
        .map((v) => ({ v, nodes: v.nodes.filter((n) => !excluded(v.id, n.element)) }))
        .filter(({ nodes }) => nodes.length > 0)
        .map(({ v, nodes }) => ({
          id: v.id,
          impact: v.impact ?? null,
          help: v.help,
          nodes: nodes.slice(0, 5).map((n) => `${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ') ?? ''}`),
        }));
    },
    { tags: WCAG_AA, exclusions },
  );
}

/** What axe finds in libraries' markup that the app cannot change, and only that. */
export const LIBRARY_EXCLUSIONS: AxeExclusion[] = [
  // antd's Form hands `aria-required` to a Select, which puts it on its outer <div> (its inner
  // combobox input, which carries the role, does not get it).
  { rule: 'aria-allowed-attr', selector: '.ant-select[aria-required]' },
  // Quill's toolbar (the HTML editor): its pickers are spans with role="button" and no name.
  { rule: 'aria-command-name', selector: '.ql-toolbar .ql-picker-label' },
];

/** Contrast, and every other rule whose failure axe rates serious or critical. */
export const asserted = (v: { id: string; impact: string | null }) =>
  v.id === 'color-contrast' || v.impact === 'serious' || v.impact === 'critical';

/** What axe asserts on the page, one line per rule with where it failed. */
export async function axeProblems(page: Page): Promise<string[]> {
  return (await axeViolations(page, LIBRARY_EXCLUSIONS))
    .filter(asserted)
    .map((v) => `axe ${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.join('\n    ')}`);
}

/**
 * The page's headings of level 1 (a screen reader's "go to the main heading"): there is exactly one,
 * and, when `name` is given, it says the screen's name (spaces aside).
 */
export async function headingProblems(page: Page, name?: string): Promise<string[]> {
  const h1s = await page.locator('h1').allInnerTexts();
  if (h1s.length !== 1) return [`${h1s.length} h1 headings (${JSON.stringify(h1s)}), not one`];
  const flat = (t: string) => t.replace(/\s+/g, '');
  if (name !== undefined && flat(h1s[0]) !== flat(name)) return [`h1 "${h1s[0]}", not "${name}"`];
  return [];
}
