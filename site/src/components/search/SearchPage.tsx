import { useEffect, useRef, useState } from 'react';
import { searchQueryProblem } from '@cms/worker/contract/search';
import { searchSite, SECTION_FILTER, type SearchOutcome } from './pagefind.ts';
import { searchTexts } from './texts.ts';
import '../../styles/filter-pills.css';
import './search.css';

/** Results shown at first, and added per "show more". */
const RESULTS_STEP = 10;
const PAUSE_MS = 150;

/** What the last finished search found, and what it was asked. */
interface Answer {
  asked: string;
  outcome: SearchOutcome | 'failed';
}

interface Props {
  language: string;
  /** Every section of the site, in the navigation's order: the filter's buttons. */
  sections: string[];
  /** This page's own address (the search page of its language). */
  searchPage: string;
}

/**
 * The search page: the words and the section are in its address (`?q=...&section=...`), so a
 * search from the header, a shared link or the back button lands on the same results.
 */
export default function SearchPage({ language, sections, searchPage }: Props) {
  const texts = searchTexts(language);
  const box = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [section, setSection] = useState<string | null>(null);
  const [limit, setLimit] = useState(RESULTS_STEP);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const term = query.trim();
  const problem = searchQueryProblem(query);
  const asked = JSON.stringify([term, section, limit]);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const chosen = params.get(SECTION_FILTER);
    setQuery(params.get('q') ?? box.current?.value ?? '');
    setSection(chosen && sections.includes(chosen) ? chosen : null);
  }, [sections]);

  useEffect(() => {
    const address = new URLSearchParams();
    if (query) address.set('q', query);
    if (section) address.set(SECTION_FILTER, section);
    history.replaceState(null, '', `${searchPage}${address.size ? `?${address}` : ''}`);
    // The header's language switcher leads to the search page of the other language with the same
    // words; not the section, whose name is the language's own.
    const words = query ? `?${new URLSearchParams({ q: query })}` : '';
    for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-language-switch]')) link.setAttribute('href', `${link.pathname}${words}`);
  }, [query, section, searchPage]);

  useEffect(() => {
    if (problem) return;
    let current = true;
    const timer = setTimeout(() => {
      searchSite(term, section ? { [SECTION_FILTER]: section } : {}, limit, { language })
        .then((outcome) => current && setAnswer({ asked, outcome }))
        .catch(() => current && setAnswer({ asked, outcome: 'failed' }));
    }, PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [term, section, limit, problem, asked, language]);

  const choose = (next: string | null) => {
    setSection(next);
    setLimit(RESULTS_STEP);
  };
  // The last results stay on screen while the next search runs; a refused query shows none.
  const shown = problem || answer === null || answer.outcome === 'failed' ? null : answer.outcome;
  const status =
    problem === 'empty'
      ? ''
      : problem
        ? texts.problems[problem]
        : answer?.asked !== asked
          ? texts.searching
          : answer.outcome === 'failed'
            ? texts.failed
            : answer.outcome.total === 0
              ? texts.nothing(term)
              : texts.found(answer.outcome.total);
  const counts = shown?.sections ?? {};
  const shownSections = sections.filter((name) => (counts[name] ?? 0) > 0 || name === section);
  return (
    <div className="search-page">
      <form role="search" aria-label={texts.label} action={searchPage} method="get" className="search-page-form" onSubmit={(event) => event.preventDefault()}>
        <label>
          <span className="sr-only">{texts.label}</span>
          <input ref={box} type="search" name="q" placeholder={texts.placeholder} autoComplete="off" value={query} onChange={(event) => (setQuery(event.currentTarget.value), setLimit(RESULTS_STEP))} />
        </label>
        <button type="submit" className="button">
          {texts.submit}
        </button>
      </form>
      <p className="search-status" role="status">
        {status}
      </p>
      {shown && shownSections.length > 0 && (
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
      {shown && shown.hits.length > 0 && (
        <ol className="search-results">
          {shown.hits.map((hit) => (
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
      {shown && shown.total > shown.hits.length && (
        <button type="button" className="search-more" onClick={() => setLimit(limit + RESULTS_STEP)}>
          {texts.more} ({shown.total - shown.hits.length})
        </button>
      )}
    </div>
  );
}
