import { useEffect, useMemo, useRef, useState } from 'react';
import type { SearchQueryProblem } from '@cms/worker/contract/search';
import { addressOfFilter, articleSearch, cardsMatching, filterOfAddress, foundArticle, type FoundArticle, type ListFilter } from '../components/search/articles.ts';
import { searchSite, SECTION_FILTER, warmUp } from '../components/search/pagefind.ts';
import { pageLinks, pageHref, type Paging } from '../lib/paging-links.ts';
import type { ArticleCard } from '../lib/article-card.ts';
import ResponsivePicture from './Picture.tsx';
import '../styles/filter-pills.css';
import '../styles/pagination.css';
import './BioCoreBrowser.css';

/** Search results shown at first, and added per "show more". */
const RESULTS_STEP = 24;
/** Typing pauses this long before a search starts: one search per pause, not per key. */
const PAUSE_MS = 150;

/** What the list says, in the page's language. */
export interface BioCoreTexts {
  searchLabel: string;
  searchPlaceholder: string;
  tagFilter: string;
  all: string;
  nothingFound: string;
  showMore: string;
  readMore: string;
  label: string;
  previous: string;
  next: string;
  /** The site search's own messages: a refused query, an index that did not load. */
  problems: Record<Exclude<SearchQueryProblem, 'empty'>, string>;
  failed: string;
}

/** Where the list searches: the site's index of the page's language, in the BioCore section. */
export interface ArticleSearchPlace {
  language: string;
  /** The section's name in the index (its `section` filter). */
  section: string;
  /** The search page of the page's language: the box submits to it without JavaScript. */
  searchPage: string;
}

interface Props {
  /** The cards of this page of the list. */
  articles: ArticleCard[];
  /** Every tag of every published article. */
  tags: string[];
  paging: Paging;
  /** Null while no article is published: the sample cards are not in the index, and are filtered on the page. */
  search: ArticleSearchPlace | null;
  tagsPerCard: number;
  texts: BioCoreTexts;
}

/** What the last finished search found, for what it was asked. */
interface Answer {
  asked: string;
  outcome: { total: number; articles: FoundArticle[] } | 'failed';
}

/**
 * BioCore articles with a search box and tag filter buttons (All plus every tag). Without a
 * search the page's own cards show with links to the other pages; words or a tag search every
 * article of the page's language in the site's search index (loaded on first use), or, before any
 * article is published, the sample cards shown. The words and the tag are in the address
 * (`?q=...&tag=...`). Without JavaScript the page shows all its cards and the box submits to the
 * site's search page, filtered to BioCore.
 */
export default function BioCoreBrowser({ articles, tags, paging, search, tagsPerCard, texts }: Props) {
  const [query, setQuery] = useState('');
  const box = useRef<HTMLInputElement>(null);
  const [tag, setTag] = useState<string | null>(null);
  const [limit, setLimit] = useState(RESULTS_STEP);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const section = search?.section ?? null;
  const language = search?.language;
  const request = useMemo(() => articleSearch(query, tag, section), [query, tag, section]);
  const asked = JSON.stringify([request, limit]);

  /**
   * Shows a filter and puts it in the address, so a filtered list can be shared, reloaded and
   * returned to: a chosen tag is a step of the history (Back undoes it), typing replaces the
   * current step, and a step Back or Forward reached is shown as its address says.
   */
  const show = (next: ListFilter, step: 'push' | 'replace' | 'reached') => {
    setLimit(RESULTS_STEP);
    setQuery(next.query);
    setTag(next.tag);
    if (step === 'reached') return;
    const address = addressOfFilter(location, next);
    if (step === 'push') history.pushState(null, '', address);
    else history.replaceState(null, '', address);
  };

  // The address's filter shows once the island loads; words typed before it loaded are in the
  // box already and are searched at once.
  useEffect(() => {
    const asked = filterOfAddress(location.search, tags);
    show({ query: asked.query || (box.current?.value ?? ''), tag: asked.tag }, 'replace');
    const reached = () => show(filterOfAddress(location.search, tags), 'reached');
    addEventListener('popstate', reached);
    return () => removeEventListener('popstate', reached);
  }, [tags]);

  useEffect(() => {
    if (request.kind !== 'search' || language === undefined) return;
    let current = true;
    const timer = setTimeout(() => {
      searchSite(request.term, request.filters, limit, { language, sort: request.sort })
        .then(({ total, hits }) => {
          const found = hits.map((hit) => foundArticle(hit, request.term !== null)).filter((article) => article !== null);
          if (current) setAnswer({ asked, outcome: { total, articles: found } });
        })
        .catch(() => current && setAnswer({ asked, outcome: 'failed' }));
    }, PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [request, limit, language, asked]);

  const filtering = request.kind !== 'none';
  const matchingCards = request.kind === 'cards' ? cardsMatching(articles, request).map((article) => ({ ...article, excerptHtml: null })) : null;
  // The last results stay on screen while the next search runs.
  const outcome = matchingCards ? { total: matchingCards.length, articles: matchingCards } : request.kind === 'search' && answer ? answer.outcome : null;
  const found = outcome === null || outcome === 'failed' ? null : outcome;
  const shown: FoundArticle[] = filtering ? (found?.articles ?? []) : articles.map((article) => ({ ...article, excerptHtml: null }));
  const message =
    request.kind === 'refused' ? texts.problems[request.problem] : outcome === 'failed' ? texts.failed : found && found.total === 0 ? texts.nothingFound : null;
  const chooseTag = (next: string | null) => {
    if (next !== tag) show({ query, tag: next }, 'push');
  };

  return (
    <div className="biocore-browser">
      <div className="filters">
        {/* Enter submits its one box (no button needed); with JavaScript the list searches instead. */}
        <form role="search" aria-label={texts.searchLabel} className="search" action={search?.searchPage} method="get" onSubmit={(event) => event.preventDefault()}>
          <label>
            <span className="sr-only">{texts.searchLabel}</span>
            <input
              ref={box}
              type="search"
              name="q"
              placeholder={texts.searchPlaceholder}
              value={query}
              onFocus={() => search && warmUp(search.language)}
              onChange={(event) => show({ query: event.currentTarget.value, tag }, 'replace')}
            />
          </label>
          {search && <input type="hidden" name={SECTION_FILTER} value={search.section} />}
        </form>
        <div className="tag-filter" role="group" aria-label={texts.tagFilter}>
          <button type="button" aria-pressed={tag === null} onClick={() => chooseTag(null)}>
            {texts.all}
          </button>
          {tags.map((t) => (
            <button key={t} type="button" aria-pressed={tag === t} onClick={() => chooseTag(t)}>
              {t}
            </button>
          ))}
        </div>
      </div>
      {message !== null ? (
        <p className="empty" role="status">
          {message}
        </p>
      ) : (
        <ul className="card-grid three">
          {shown.map((article) => (
            <li key={article.href} className="card">
              <ResponsivePicture picture={article.image} alt={article.imageAlt} />
              <div className="card-body">
                <p className="meta">
                  {article.date} · {article.readTime}
                </p>
                <h3>{article.title}</h3>
                {/* Only <mark> is markup in a found excerpt (safeExcerpt). */}
                {article.excerptHtml === null ? <p>{article.excerpt}</p> : <p className="search-excerpt" dangerouslySetInnerHTML={{ __html: article.excerptHtml }} />}
                <ul className="tags">
                  {article.tags.slice(0, tagsPerCard).map((t) => (
                    <li key={t}>{t}</li>
                  ))}
                </ul>
                <a className="read-more" href={article.href}>
                  {texts.readMore} →<span className="sr-only"> {article.title}</span>
                </a>
              </div>
            </li>
          ))}
        </ul>
      )}
      {found && message === null && found.total > found.articles.length && (
        <button type="button" className="load-more" onClick={() => setLimit(limit + RESULTS_STEP)}>
          {texts.showMore} ({found.total - found.articles.length})
        </button>
      )}
      {!filtering && <Pagination {...paging} texts={texts} />}
    </div>
  );
}

/** The pagination links with their React keys: a page's number, a gap the page it follows (a gap never comes first). */
function keyedPageLinks(base: string, page: number, pages: number) {
  const links = pageLinks(base, page, pages);
  return links.map((link, at) => ({ link, key: link ? String(link.page) : `gap-after-${links[at - 1]?.page}` }));
}

/** The same links as the site's Pagination component. */
function Pagination({ base, page, pages, texts }: Paging & { texts: BioCoreTexts }) {
  if (pages <= 1) return null;
  return (
    <nav className="pagination" aria-label={texts.label}>
      {page > 1 ? (
        <a rel="prev" href={pageHref(base, page - 1)}>
          {texts.previous}
        </a>
      ) : (
        <span className="disabled">{texts.previous}</span>
      )}
      <ol>
        {keyedPageLinks(base, page, pages).map(({ link, key }) =>
          link ? (
            <li key={key}>
              <a href={link.href} aria-current={link.current ? 'page' : undefined}>
                {link.page}
              </a>
            </li>
          ) : (
            <li key={key} className="gap" aria-hidden="true">
              …
            </li>
          ),
        )}
      </ol>
      {page < pages ? (
        <a rel="next" href={pageHref(base, page + 1)}>
          {texts.next}
        </a>
      ) : (
        <span className="disabled">{texts.next}</span>
      )}
    </nav>
  );
}
