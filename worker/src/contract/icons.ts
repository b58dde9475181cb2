/**
 * Icons named in list items (features, statistics, collaborations): a short name such as
 * "leaf" or "bolt", or an emoji typed as is. Shown as emoji: no icon font to download.
 */
const ICONS: Record<string, string> = {
  bolt: '⚡',
  boxes: '📦',
  box: '📦',
  building: '🏢',
  chart: '📈',
  factory: '🏭',
  fire: '🔥',
  globe: '🌍',
  'graduation-cap': '🎓',
  heart: '❤️',
  home: '🏠',
  leaf: '🌿',
  money: '💰',
  recycle: '♻️',
  school: '🏫',
  seedling: '🌱',
  sun: '☀️',
  trash: '🗑️',
  truck: '🚚',
  users: '👥',
  water: '💧',
};

/** The emoji for an icon name, the text itself when it is already a symbol, '' when unknown. */
export function iconFor(name: string | null | undefined): string {
  const value = (name ?? '').trim();
  if (!value) return '';
  const known = ICONS[value.toLowerCase()];
  if (known) return known;
  // Typed as an emoji (or another symbol): no letters or digits of the Latin alphabet.
  return /^[^\p{Script=Latin}\d\s]{1,8}$/u.test(value) ? value : '';
}

/** A value's icon, by keywords in its title (the about page's values); a heart by default. */
const VALUE_ICONS: [RegExp, string][] = [
  [/innovat|inovasi/i, '💡'],
  [/trust|percaya|amanah/i, '🤝'],
  [/collaborat|kolaborasi/i, '🌐'],
  [/learn|belajar/i, '📚'],
];
export const valueIconFor = (title: string) => VALUE_ICONS.find(([pattern]) => pattern.test(title))?.[1] ?? '❤️';
