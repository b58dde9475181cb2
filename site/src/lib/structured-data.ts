/**
 * The JSON-LD search engines read (schema.org): the organisation on the home page, an Article
 * on each article page, an Event on each agenda page, a BreadcrumbList on every page with a
 * breadcrumb trail. Pure builders,
 * so they can be unit-tested; Seo.astro writes them, unless the page's SEO record has its own.
 */

export type JsonLd = Record<string, unknown> & { '@type': string };

/** A page's address made absolute against the site's. */
export const absoluteUrl = (site: string, url: string) => (url.startsWith('/') ? site.replace(/\/$/, '') + url : url);

export interface OrganizationInput {
  name: string;
  url: string;
  logo: string;
  sameAs: readonly string[];
}

export const organization = ({ name, url, logo, sameAs }: OrganizationInput): JsonLd => ({
  '@context': 'https://schema.org',
  '@type': 'Organization',
  name,
  url,
  logo,
  ...(sameAs.length ? { sameAs: [...sameAs] } : {}),
});

/** What an article page tells about its record besides its title, text and picture. */
export interface ArticleFacts {
  author?: string | null;
  published: string;
  modified: string;
}

export interface ArticleInput {
  headline: string;
  url: string;
  author?: string | null;
  /** The organisation publishing it: its name, home page and logo. */
  publisher: { name: string; url: string; logo: string };
  datePublished: string;
  dateModified: string;
  image: string;
  description?: string | null;
  language: string;
}

/** An article's author is a person when named, else the organisation that publishes it, named with its home page. */
export const article = ({ headline, url, author, publisher, datePublished, dateModified, image, description, language }: ArticleInput): JsonLd => {
  const organisation = { '@type': 'Organization', name: publisher.name, url: publisher.url, logo: { '@type': 'ImageObject', url: publisher.logo } };
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: headline.slice(0, 110),
    mainEntityOfPage: url,
    author: author?.trim() ? { '@type': 'Person', name: author.trim() } : { '@type': 'Organization', name: publisher.name, url: publisher.url },
    publisher: organisation,
    datePublished,
    dateModified,
    image: [image],
    ...(description ? { description } : {}),
    inLanguage: language,
  };
};

/** What an event's page tells about it besides its title, text and picture. */
export interface EventFacts {
  /** When it starts and, if it says, ends: UTC ISO times. */
  startsAt: string;
  endsAt?: string | null;
  place: string;
}

export interface EventInput {
  name: string;
  url: string;
  /** ISO 8601 with the offset of where it happens. */
  startDate: string;
  endDate?: string;
  place: string;
  organizer: { name: string; url: string };
  image: string;
  description?: string | null;
  language: string;
}

/** An event held in person at a named place; the place's name is its address too, as staff type it. */
export const event = ({ name, url, startDate, endDate, place, organizer, image, description, language }: EventInput): JsonLd => ({
  '@context': 'https://schema.org',
  '@type': 'Event',
  name,
  url,
  startDate,
  ...(endDate ? { endDate } : {}),
  eventStatus: 'https://schema.org/EventScheduled',
  eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
  location: { '@type': 'Place', name: place, address: place },
  organizer: { '@type': 'Organization', name: organizer.name, url: organizer.url },
  image: [image],
  ...(description ? { description } : {}),
  inLanguage: language,
});

export interface Crumb {
  label: string;
  href?: string;
}

/** The trail as a BreadcrumbList; the last crumb (the page itself) is the page's own address. */
export const breadcrumbList = (site: string, trail: readonly Crumb[], pageUrl: string): JsonLd => ({
  '@context': 'https://schema.org',
  '@type': 'BreadcrumbList',
  itemListElement: trail.map((crumb, index) => ({
    '@type': 'ListItem',
    position: index + 1,
    name: crumb.label,
    item: index === trail.length - 1 ? pageUrl : absoluteUrl(site, crumb.href ?? '/'),
  })),
});

/**
 * JSON for inside `<script type="application/ld+json">`: `<` is written as `\u003c`, so no value
 * can close the script (`</script>`) or open a comment; the JSON still parses to the same text.
 */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The SEO record's own JSON-LD, checked as JSON: it replaces the generated one for its page. A
 * value that is not JSON (the field is validated on save, but may predate that) is dropped.
 */
export function ownJsonLd(text: string | null | undefined): unknown {
  if (!text?.trim()) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
