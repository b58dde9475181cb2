/**
 * Demo pictures drawn locally as SVG: a landscape of hills, a sun and a caption in the
 * organisation's greens and blues. No network, a few hundred bytes each.
 */
const PALETTES = [
  ['#0f5132', '#198754', '#a3cfbb', '#f8f9a6'],
  ['#064663', '#04879c', '#98d7c2', '#fde8a7'],
  ['#3a5a40', '#588157', '#a3b18a', '#dad7cd'],
  ['#1b4332', '#2d6a4f', '#95d5b2', '#ffd166'],
  ['#22577a', '#38a3a5', '#80ed99', '#f1faee'],
] as const;

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function demoImage(caption: string, index: number, width = 1200, height = 675) {
  const [deep, mid, light, sun] = PALETTES[index % PALETTES.length]!;
  const h = height;
  const w = width;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="#ffffff"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#s)"/>
<circle cx="${w * (0.2 + (index % 3) * 0.25)}" cy="${h * 0.3}" r="${h * 0.12}" fill="${sun}"/>
<path d="M0 ${h * 0.7} Q ${w * 0.25} ${h * 0.45} ${w * 0.5} ${h * 0.68} T ${w} ${h * 0.6} V ${h} H 0 Z" fill="${mid}"/>
<path d="M0 ${h * 0.85} Q ${w * 0.35} ${h * 0.65} ${w * 0.7} ${h * 0.82} T ${w} ${h * 0.78} V ${h} H 0 Z" fill="${deep}"/>
<text x="${w / 2}" y="${h * 0.93}" font-family="system-ui, sans-serif" font-size="${Math.round(h / 16)}" fill="#ffffff" text-anchor="middle">${escapeXml(caption)}</text>
</svg>`;
}

/** A square logo: initials on a coloured disc. */
export function demoLogo(name: string, index: number) {
  const [deep, , light] = PALETTES[index % PALETTES.length]!;
  const initials = name
    .split(/\s+/)
    .map((word) => word[0])
    .join('')
    .slice(0, 3)
    .toUpperCase();
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240">
<circle cx="120" cy="120" r="116" fill="${light}" stroke="${deep}" stroke-width="8"/>
<text x="120" y="142" font-family="system-ui, sans-serif" font-size="64" font-weight="700" fill="${deep}" text-anchor="middle">${escapeXml(initials)}</text>
</svg>`;
}
