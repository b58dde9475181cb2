/**
 * Build-time content from the public API. An unreachable API or a server error fails the
 * build (the last good site stays online); an empty answer gives the spec's built-in defaults.
 */
import type {
  AboutBlock,
  ApiResponse,
  BioCore,
  Category,
  HeroSection,
  Impact,
  ImpactStat,
  OurImpact,
  OurWork,
  Partner,
  Seo,
  TeamMember,
  Vision,
} from '@cms/worker/contract';

const API = (process.env.PUBLIC_API_URL ?? 'http://127.0.0.1:8787').replace(/\/$/, '');
const cache = new Map<string, Promise<unknown>>();

/** Retries a dropped connection a few times (the local server restarts when the site's files change). */
async function fetchWithRetry(url: string, attempts = 5): Promise<Response> {
  try {
    return await fetch(url);
  } catch (error) {
    if (attempts <= 1) throw error;
    await new Promise((resolve) => setTimeout(resolve, 500));
    return fetchWithRetry(url, attempts - 1);
  }
}

async function load<T>(path: string): Promise<T | null> {
  const response = await fetchWithRetry(API + path);
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  const body = (await response.json()) as ApiResponse<T>;
  return body.success ? body.data : null;
}

/** One request per path per build, however many pages ask. */
const get = <T>(path: string) => {
  if (!cache.has(path)) cache.set(path, load<T>(path));
  return cache.get(path) as Promise<T | null>;
};
const list = async <T>(path: string) => (await get<T[]>(path)) ?? [];

export const categories = () => list<Category>('/api/category?active=true');
export const works = () => list<OurWork>('/api/our-work?active=true');
export const partners = async () => (await list<Partner>('/api/partner?active=true')).slice(0, PARTNERS_SHOWN);
export const heroSlides = () => list<HeroSection>('/api/hero-section?active=true');
export const visions = async () => (await list<Vision>('/api/vision')).filter((v) => v.isPublished);
export const values = () => list<AboutBlock>('/api/values?published=true');
export const team = () => list<TeamMember>('/api/team?active=true');
export const history = async () => (await list<AboutBlock>('/api/history?active=true'))[0] ?? null;
export const ourImpacts = async () => (await list<OurImpact>('/api/our-impact')).filter((entry) => entry.isActive);
export const articles = async () => (await list<BioCore>('/api/bio-core')).filter((a) => a.isPublished);
export const seoRecords = () => list<Seo>('/api/seo?active=true');
export const impact = async () => (await list<Impact>('/api/impact?active=true')).find((i) => i.isActive) ?? null;

/** The featured published vision, else the latest published one. */
export async function featuredVision() {
  const featured = await list<Vision>('/api/vision?published=true&featured=true&limit=1');
  return featured[0] ?? (await list<Vision>('/api/vision?published=true&limit=1'))[0] ?? null;
}

export const PARTNERS_SHOWN = 5;
export const TEASER_ITEMS = 3;
export const FEATURED_ARTICLES = 2;
export const TAGS_PER_CARD = 2;

// ---- built-in defaults, shown when the API has nothing ----

export const DEFAULT_STATS: ImpactStat[] = [
  { value: '3', label: 'Education activities', icon: 'school', order: 0 },
  { value: '78%', label: 'Decrease in untreated waste', icon: 'recycle', order: 1 },
  { value: '300', label: 'Organisations powered by BioCore', icon: 'bolt', order: 2 },
  { value: '50', label: 'Jobs created', icon: 'users', order: 3 },
  { value: '2500', label: 'Reduction in carbon waste', icon: 'leaf', order: 4 },
];
export const SINCE_STATEMENT = 'Since 2014';

export const DEFAULT_HERO = {
  title: 'Welcome',
  subtitle: 'Working together for a cleaner, more sustainable Indonesia',
  description: '',
  ctaText: 'Learn more',
  ctaUrl: '/about-us',
  backgroundImage: '',
  backgroundImageFocus: '',
  align: 'left' as const,
  bgColor: '#ffffff',
};

export const DEFAULT_PARTNERS = [
  { name: 'Community Partners', website: '', logo: '', logoAlt: '' },
  { name: 'Local Government', website: '', logo: '', logoAlt: '' },
  { name: 'Universities', website: '', logo: '', logoAlt: '' },
  { name: 'Industry', website: '', logo: '', logoAlt: '' },
  { name: 'Volunteers', website: '', logo: '', logoAlt: '' },
];

export const DEFAULT_WORK_CATEGORIES = [
  { title: 'Waste Management', description: 'Collection, sorting and recycling with communities.' },
  { title: 'Renewable Energy', description: 'Organic waste turned into biogas and fertiliser.' },
  { title: 'Education', description: 'Programmes that teach waste management at its source.' },
];

export const DEFAULT_ARTICLES = [
  {
    title: 'What is BioCore?',
    slug: '',
    excerpt: 'A community-scale digester that turns organic waste into energy.',
    tags: ['biocore', 'energy'],
    readTime: 5,
  },
  {
    title: 'Sorting organic waste at home',
    slug: '',
    excerpt: 'Simple steps that make organic waste ready for BioCore.',
    tags: ['education'],
    readTime: 5,
  },
];

/** The public impact section's built-in content (illustrative, used when nothing is stored). */
export const DEFAULT_IMPACT_SECTION = {
  title: 'Our Impact',
  subtitle: 'Measurable change with communities',
  mainStatement: 'Since 2014 we have reached 332 beneficiaries.',
  collaborations: [
    { name: 'Local Government', description: 'Policy and infrastructure', number: '', icon: '', image: '', order: 0 },
    { name: 'Universities', description: 'Research partners', number: '', icon: '', image: '', order: 1 },
  ],
  metrics: [
    { value: '332', label: 'Beneficiaries', order: 0 },
    { value: '78%', label: 'Less untreated waste', order: 1 },
    { value: '50', label: 'Green jobs', order: 2 },
  ],
  description: 'Waste banks and BioCore units work together so that recyclables are sold and organics become energy.',
  photos: [
    { image: '', caption: 'Community sorting day', order: 0 },
    { image: '', caption: 'BioCore site visit', order: 1 },
    { image: '', caption: 'Compost harvest', order: 2 },
  ],
};

export async function impactSection() {
  const stored = await impact();
  if (!stored || (!stored.mainStatement && stored.metrics.length === 0 && stored.photos.length === 0)) return DEFAULT_IMPACT_SECTION;
  const byOrder = <T extends { order: number }>(items: T[]) => [...items].sort((a, b) => a.order - b.order);
  return {
    title: stored.title,
    subtitle: stored.subtitle,
    mainStatement: stored.mainStatement,
    collaborations: byOrder(stored.collaborations),
    metrics: byOrder(stored.metrics).slice(0, 3),
    description: stored.description,
    photos: byOrder(stored.photos),
  };
}

export async function impactStats() {
  const stored = await impact();
  const stats = stored ? [...stored.stats].sort((a, b) => a.order - b.order) : [];
  return stats.length ? stats : DEFAULT_STATS;
}

/** The SEO record of a page, when one is active. */
export async function seoFor(page: string) {
  return (await seoRecords()).find((record) => record.page === page) ?? null;
}

/** Where a work is shown: under each of its categories, or under "all" when it has none. */
export const workPaths = (work: OurWork) =>
  (work.category_ids.length ? work.category_ids.map((c) => c.slug) : ['all']).map((category) => `/our-work/${category}/${work.slug}`);
