import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** One serious or critical axe-core finding, with where and axe's own words for it. */
export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  /** The target and why ("insufficient color contrast of 3.2 (foreground #…"), at most five. */
  targets: string[];
}

/**
 * axe-core's serious and critical findings for the page once it has settled. A toast or a dialog
 * still fading in has the contrast of its opacity at that instant, so the finite animations and
 * transitions are waited out first (a spinner's endless one is not waited for).
 */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  // Evaluated rather than added as a <script>: the page's Content-Security-Policy (rightly) refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const found = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => {
        const why = (node.any[0] ?? node.all[0] ?? node.none[0])?.message ?? '';
        return `${node.target.join(' ')}${why ? ` — ${why.slice(0, 160)}` : ''}`;
      }),
    }));
  });
  return found.filter((finding) => finding.impact === 'serious' || finding.impact === 'critical');
}

/** The same findings as one line each, for `expect(…).toEqual([])`. */
export async function seriousViolations(page: Page): Promise<string[]> {
  return (await axeFindings(page)).map((finding) => `${finding.id}: ${finding.targets.join(' | ')}`);
}
