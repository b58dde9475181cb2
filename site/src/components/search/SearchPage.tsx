import { useEffect, useRef, useState } from 'react';
import { searchQueryProblem } from '@cms/worker/contract/search';
import { SEARCH_PAGE } from './address.ts';
import { searchSite, SECTION_FILTER, type SearchOutcome } from './pagefind.ts';
import { searchTexts } from './texts.ts';
import '../../styles/filter-pills.css';
import './search.css';

/** Results shown at first, and added per "show more". */
const RESULTS_STEP = 10;
const PAUSE_MS = 150;

type State = { kind: 'idle' } | { kind: 'problem'; text: string } | { kind: 'searching' } | { kind: 'failed' } | { kind: 'done'; outcome: SearchOutcome };

interface Props {
  language: string;
  /** Every section of the site, in the navigation's order: the filter's buttons. */
  sections: string[];
}

/**
 * The search page: the words and the section are in its address (`?q=...&section=...`), so a
 * search from the header, a shared link or the back button lands on the same results.
 */
export default function SearchPage({ language, sections }: Props) {
  const texts = searchTexts(language);
  const box = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [section, setSection] = useState<string | null>(null);
  const [limit, setLimit] = useState(RESULTS_STEP);
  const [state, setState] = useState<State>({ kind: 'idle' });

  useEffect(() => {
    const asked = new URLSearchParams(location.search);
    const chosen = asked.get(SECTION_FILTER);
    setQuery(asked.get('q') ?? box.current?.value ?? '');
    setSection(chosen && sections.includes(chosen) ? chosen : null);
  }, [sections]);

  useEffect(() => {
    const address = new URLSearchParams();
    if (query) address.set('q', query);
    if (section) address.set(SECTION_FILTER, section);
    history.replaceState(null, '', `${SEARCH_PAGE}${address.size ? `?${address}` : ''}`);
    const problem = searchQueryProblem(query);
    if (problem === 'empty') return setState({ kind: 'idle' });
    if (problem) return setState({ kind: 'problem', text: texts.problems[problem] });
    let current = true;
    setState((before) => (before.kind === 'done' ? before : { kind: 'searching' }));
    const timer = setTimeout(() => {
      searchSite(query.trim(), section ? { [SECTION_FILTER]: section } : {}, limit)
        .then((outcome) => current && setState({ kind: 'done', outcome }))
        .catch(() => current && setState({ kind: 'failed' }));
    }, PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query, section, limit, texts]);

  const choose = (next: string | null) => {
    setSection(next);
    setLimit(RESULTS_STEP);
  };
  const counts = state.kind === 'done' ? state.outcome.sections : {};
  const shownSections = sections.filter((name) => (counts[name] ?? 0) > 0 || name === section);
  return (
    <div className="search-page">
      <form role="search" action={SEARCH_PAGE} method="get" className="search-page-form" onSubmit={(event) => event.preventDefault()}>
        <label>
          <span className="sr-only">{texts.label}</span>
          <input ref={box} type="search" name="q" placeholder={texts.placeholder} autoComplete="off" value={query} onChange={(event) => (setQuery(event.currentTarget.value), setLimit(RESULTS_STEP))} />
        </label>
        <button type="submit" className="button">
          {texts.submit}
        </button>
      </form>
      {state.kind === 'done' && (shownSections.length > 0 || section) && (
        <div className="tag-filter search-sections" role="group" aria-label={texts.sectionFilter}>
          <button type="button" aria-pressed={section === null} onClick={() => choose(null)}>
            {texts.all}
          </button>
          {shownSections.map((name) => (
            <button key={name} type="button" aria-pressed={section === name} onClick={() => choose(name)}>
              {name} <span className="search-count">({counts[name] ?? 0})</span>
            </button>
          ))}
        </div>
      )}
      <p className="search-status" role="status">
        {state.kind === 'problem'
          ? state.text
          : state.kind === 'searching'
            ? texts.searching
            : state.kind === 'failed'
              ? texts.failed
              : state.kind === 'done'
                ? state.outcome.total === 0
                  ? texts.nothing(query.trim())
                  : texts.found(state.outcome.total)
                : ''}
      </p>
      {state.kind === 'done' && state.outcome.hits.length > 0 && (
        <ol className="search-results">
          {state.outcome.hits.map((hit) => (
            <li key={hit.href}>
              <h2>
                <a href={hit.href}>{hit.title}</a>
              </h2>
              {hit.section && <span className="search-section">{hit.section}</span>}
              {/* Only <mark> is markup in an excerpt (safeExcerpt). */}
              <p className="search-excerpt" dangerouslySetInnerHTML={{ __html: hit.excerpt }} />
            </li>
          ))}
        </ol>
      )}
      {state.kind === 'done' && state.outcome.total > state.outcome.hits.length && (
        <button type="button" className="search-more" onClick={() => setLimit(limit + RESULTS_STEP)}>
          {texts.more} ({state.outcome.total - state.outcome.hits.length})
        </button>
      )}
    </div>
  );
}
