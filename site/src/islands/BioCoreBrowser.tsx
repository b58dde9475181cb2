import { useMemo, useState } from 'react';
import type { Picture } from '../lib/picture.ts';
import ResponsivePicture from './Picture.tsx';

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

/** BioCore articles with a search box and tag filter buttons (All plus every tag). */
export default function BioCoreBrowser({ articles, tagsPerCard }: { articles: ArticleCard[]; tagsPerCard: number }) {
  const [query, setQuery] = useState('');
  const [tag, setTag] = useState<string | null>(null);
  const tags = useMemo(() => [...new Set(articles.flatMap((a) => a.tags))].sort((a, b) => a.localeCompare(b)), [articles]);
  const needle = query.trim().toLowerCase();
  const shown = articles.filter(
    (a) => (!tag || a.tags.includes(tag)) && (!needle || `${a.title} ${a.excerpt} ${a.tags.join(' ')}`.toLowerCase().includes(needle)),
  );

  return (
    <div className="biocore-browser">
      <div className="filters">
        <label className="search">
          <span className="sr-only">Search articles</span>
          <input type="search" placeholder="Cari artikel..." value={query} onChange={(event) => setQuery(event.target.value)} />
        </label>
        <div className="tag-filter" role="group" aria-label="Filter by tag">
          <button type="button" aria-pressed={tag === null} onClick={() => setTag(null)}>
            All
          </button>
          {tags.map((t) => (
            <button key={t} type="button" aria-pressed={tag === t} onClick={() => setTag(t)}>
              {t}
            </button>
          ))}
        </div>
      </div>
      {shown.length === 0 ? (
        <p className="empty">Tidak ada artikel ditemukan</p>
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
                  Baca Selengkapnya →<span className="sr-only"> {article.title}</span>
                </a>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
