import { useEffect, useRef, useState } from 'react';
import { searchQueryProblem } from '@cms/worker/contract/search';
import { searchSite, warmUp, type SearchOutcome } from './pagefind.ts';
import { searchTexts } from './texts.ts';
import './search.css';

/** Hits the header shows while typing; the search page shows them all. */
const PREVIEW_HITS = 5;
/** Typing pauses this long before a search starts: one search per pause, not per key. */
const PAUSE_MS = 150;

/** What the last finished search found, for the words it was asked with. */
interface Answer {
  term: string;
  outcome: SearchOutcome | 'failed';
}

interface Props {
  /** The page's language: its texts and the index searched. */
  language: string;
  /** The search page of the page's language. */
  searchPage: string;
}

/**
 * The header's search box. Without JavaScript (and on Enter) it submits to the search page. It
 * comes alive when first focused (`client:focus`) and then shows the best matches under it.
 */
export default function SearchBox({ language, searchPage }: Props) {
  const texts = searchTexts(language);
  const box = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const term = query.trim();
  const problem = searchQueryProblem(query);

  // Words typed before the island came alive are in the box already: search for them at once.
  useEffect(() => {
    warmUp(language);
    const typed = box.current?.value ?? '';
    if (typed) {
      setQuery(typed);
      setOpen(true);
    }
  }, [language]);

  useEffect(() => {
    if (problem) return;
    let current = true;
    const timer = setTimeout(() => {
      searchSite(term, {}, PREVIEW_HITS, { language })
        .then((outcome) => current && setAnswer({ term, outcome }))
        .catch(() => current && setAnswer({ term, outcome: 'failed' }));
    }, PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [term, problem, language]);

  const outcome = !problem && answer?.term === term ? answer.outcome : null;
  const status =
    problem === 'empty' ? null : problem ? texts.problems[problem] : outcome === null ? texts.searching : outcome === 'failed' ? texts.failed : outcome.total === 0 ? texts.nothing(term) : texts.found(outcome.total);
  const allResults = `${searchPage}?${new URLSearchParams({ q: term })}`;
  return (
    <form
      role="search"
      aria-label={texts.quickSearch}
      action={searchPage}
      method="get"
      className="site-search"
      onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}
      onBlur={(event) => !event.currentTarget.contains(event.relatedTarget) && setOpen(false)}
    >
      <label>
        <span className="sr-only">{texts.label}</span>
        <input
          ref={box}
          type="search"
          name="q"
          placeholder={texts.placeholder}
          autoComplete="off"
          value={query}
          onFocus={() => setOpen(true)}
          onChange={(event) => (setQuery(event.currentTarget.value), setOpen(true))}
        />
      </label>
      <button type="submit" className="site-search-submit">
        <span className="sr-only">{texts.submit}</span>
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      {open && status !== null && (
        <div className="site-search-popup" role="region" aria-label={texts.label}>
          <p className="site-search-status" role="status">
            {status}
          </p>
          {outcome !== null && outcome !== 'failed' && outcome.hits.length > 0 && (
            <>
              <ul className="site-search-hits">
                {outcome.hits.map((hit) => (
                  <li key={hit.href}>
                    <a href={hit.href}>
                      <strong>{hit.title}</strong>
                      {hit.section && <span className="search-section">{hit.section}</span>}
                    </a>
                  </li>
                ))}
              </ul>
              <a className="site-search-all" href={allResults}>
                {texts.showAll} →
              </a>
            </>
          )}
        </div>
      )}
    </form>
  );
}
