/**
 * axe-core over a page in one `axe.run` (its legacy mode), frames of the page's own origin
 * included. The default mode runs each frame on its own and joins the results in a new blank
 * page, which starts a renderer and loads axe a second time: on eight site pages the findings
 * were the same (violations, passes, incomplete) at 1.0-1.5 instead of 2.1-2.7 s of CPU a run.
 * Pages under test embed no frames from other origins, the one thing this mode leaves out.
 * Only violations are described node by node (tests read nothing else): 0.42-0.62 instead of
 * 0.60-1.09 s of renderer CPU on four site pages.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export const axeCheck = (page: Page) => new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });
