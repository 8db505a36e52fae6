import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * The rules the console is held to: WCAG 2.0, 2.1 and 2.2 at levels A and AA, and axe's best
 * practices (every part of the page inside a landmark, one main, headings in order), which a
 * screen reader user leans on to move around a page.
 */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** One line per violation: rule, impact, and the elements it found (enough to fix it from the log). */
export interface Finding {
  page: string;
  rule: string;
  impact: string;
  targets: string[];
  summary: string;
}

/** Runs axe on the page as it is now and returns its violations. */
export async function audit(page: Page, name: string): Promise<Finding[]> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return results.violations.map((v) => ({
    page: name,
    rule: v.id,
    impact: v.impact ?? 'unknown',
    targets: v.nodes.map((n) => n.target.join(' ')),
    summary: v.nodes[0]?.failureSummary?.split('\n').slice(0, 3).join(' ') ?? v.help,
  }));
}

/** The findings as one line each; an empty string when there are none. */
export function report(findings: Finding[]): string {
  return findings
    .map((f) => `${f.page}: ${f.rule} (${f.impact}) ${f.targets.join(', ')} — ${f.summary}`)
    .join('\n');
}

/** Waits for the page's own heading and for its reads to settle, so axe sees the page as an agent does. */
export async function settle(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.loading')).toHaveCount(0);
}

/**
 * axe's colour-contrast verdict on the elements `selector` finds: `measured` lists those it could
 * measure and found readable. One axe cannot measure (text on a gradient or an image) is in
 * `unmeasured`, so a test can insist that a colour it cares about was really checked.
 */
export async function contrastOf(
  page: Page,
  selector: string,
): Promise<{ measured: string[]; unmeasured: string[]; failed: string[] }> {
  const r = await new AxeBuilder({ page }).include(selector).withRules(['color-contrast']).analyze();
  const targets = (list: typeof r.passes) => list.flatMap((v) => v.nodes.map((n) => n.target.join(' ')));
  return { measured: targets(r.passes), unmeasured: targets(r.incomplete), failed: targets(r.violations) };
}
