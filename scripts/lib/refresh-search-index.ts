/**
 * Writes the search index of a published site build, whose folder is the one argument, and puts
 * it in place of the index the build kept (site/integrations/search-index.ts). Run by the local
 * builder after each build it publishes, in a process of its own so a newer build can stop it.
 */
import { refreshSearchIndex } from '../../site/integrations/search-index.ts';

const started = performance.now();
const { pagesRead } = await refreshSearchIndex(process.argv[2]!);
console.log(`[search-index] ${pagesRead} pages read in ${((performance.now() - started) / 1000).toFixed(1)} s`);
