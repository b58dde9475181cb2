import { useEffect, useRef, useState } from 'react';
import { pageLinks, pageHref, type Paging } from '../lib/paging-links.ts';
import type { Picture } from '../lib/picture.ts';
import ResponsivePicture from './Picture.tsx';
import '../styles/filter-pills.css';
import '../styles/pagination.css';
import './BioCoreBrowser.css';

export interface ArticleCard {
  title: string;
  href: string;
  excerpt: string;
  tags: string[];
  image: Picture;
  imageAlt: string;
  date: string;
  readTime: string;
}

/** Search results shown at first, and added per "show more". */
const RESULTS_STEP = 24;

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
}

interface Props {
  /** The cards of this page of the list. */
  articles: ArticleCard[];
  /** Every tag of every published article. */
  tags: string[];
  paging: Paging;
  /** Every published article as a card: fetched once, on the first search or tag choice. */
  indexUrl: string | null;
  tagsPerCard: number;
  texts: BioCoreTexts;
}

/**
 * BioCore articles with a search box and tag filter buttons (All plus every tag). Without a
 * search the page's own cards show with links to the other pages; a search or a tag looks
 * through every article, from a static index loaded on first use (no request per keystroke).
 */
export default function BioCoreBrowser({ articles, tags, paging, indexUrl, tagsPerCard, texts }: Props) {
  const [query, setQuery] = useState('');
  const box = useRef<HTMLInputElement>(null);
  const [tag, setTag] = useState<string | null>(null);
  const [index, setIndex] = useState<ArticleCard[] | null>(null);
  const [wanted, setWanted] = useState(false);
  const [limit, setLimit] = useState(RESULTS_STEP);
  // Words typed before the island loaded are in the box already: search for them at once.
  useEffect(() => {
    const typed = box.current?.value ?? '';
    if (typed) {
      setQuery(typed);
      setWanted(true);
    }
  }, []);

  useEffect(() => {
    if (!wanted || !indexUrl || index) return;
    let cancelled = false;
    fetch(indexUrl)
      .then((response) => (response.ok ? (response.json() as Promise<ArticleCard[]>) : Promise.reject(new Error(String(response.status)))))
      .then((cards) => !cancelled && setIndex(cards))
      // Without the index the search still covers this page's cards.
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [wanted, indexUrl, index]);

  const needle = query.trim().toLowerCase();
  const filtering = needle !== '' || tag !== null;
  const pool = filtering ? (index ?? articles) : articles;
  const matching = pool.filter(
    (a) => (!tag || a.tags.includes(tag)) && (!needle || `${a.title} ${a.excerpt} ${a.tags.join(' ')}`.toLowerCase().includes(needle)),
  );
  const shown = filtering ? matching.slice(0, limit) : matching;
  const search = (next: () => void) => {
    setWanted(true);
    setLimit(RESULTS_STEP);
    next();
  };

  return (
    <div className="biocore-browser">
      <div className="filters">
        <label className="search">
          <span className="sr-only">{texts.searchLabel}</span>
          <input
            ref={box}
            type="search"
            placeholder={texts.searchPlaceholder}
            value={query}
            onFocus={() => setWanted(true)}
            onChange={(event) => search(() => setQuery(event.target.value))}
          />
        </label>
        <div className="tag-filter" role="group" aria-label={texts.tagFilter}>
          <button type="button" aria-pressed={tag === null} onClick={() => search(() => setTag(null))}>
            {texts.all}
          </button>
          {tags.map((t) => (
            <button key={t} type="button" aria-pressed={tag === t} onClick={() => search(() => setTag(t))}>
              {t}
            </button>
          ))}
        </div>
      </div>
      {shown.length === 0 ? (
        <p className="empty">{texts.nothingFound}</p>
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
                <p>{article.excerpt}</p>
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
      {filtering && matching.length > shown.length && (
        <button type="button" className="load-more" onClick={() => setLimit(limit + RESULTS_STEP)}>
          {texts.showMore} ({matching.length - shown.length})
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
