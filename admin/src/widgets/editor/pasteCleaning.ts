/**
 * Paste cleaning for the rich-text editors (spec 5): what comes from Word, Google Docs or web
 * pages is reduced to plain content before tiptap parses it. Pure (DOMParser only), so it runs
 * the same in the browser and in tests.
 */

const REMOVED_ELEMENTS = 'script, style, meta, link, title';
const KEPT_ATTRIBUTES = new Set(['src', 'alt', 'href', 'title', 'class', 'id', 'style']);
/** ProseMirror's marker on content copied inside the editor (how deep the slice is open); it is read
 * while pasting and never stored, and without it a copied list item or cell pastes as new blocks. */
const PROSEMIRROR_SLICE = 'data-pm-slice';
const KEPT_STYLE_PROPERTIES = new Set(['color', 'background', 'background-color', 'font-weight', 'font-style', 'text-decoration', 'text-align']);
const KEPT_STYLE_PREFIXES = ['margin', 'padding'];
/** Values that could fetch or run something (old IE expressions, remote backgrounds). */
const UNSAFE_STYLE_VALUE = /url\s*\(|expression\s*\(|javascript:/i;
const EMPTY_REMOVED = 'ul, ol, h1, h2, h3, h4, h5, h6, p';
/** Elements that count as content even without text. */
const EMBEDDED = 'img, table, hr, iframe, video, audio, svg, object, embed';
export const TABLE_STYLE = 'border-collapse: collapse; width: 100%';

/** Splits a style attribute into declarations, ignoring ";" inside brackets or quotes. */
function styleDeclarations(style: string): Array<[property: string, value: string]> {
  const declarations: Array<[string, string]> = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  const take = (end: number) => {
    const text = style.slice(start, end);
    const colon = text.indexOf(':');
    if (colon > 0) declarations.push([text.slice(0, colon).trim().toLowerCase(), text.slice(colon + 1).trim()]);
    start = end + 1;
  };
  for (let index = 0; index < style.length; index++) {
    const char = style[index];
    if (quote) {
      if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '(') depth++;
    else if (char === ')') depth = Math.max(0, depth - 1);
    else if (char === ';' && depth === 0) take(index);
  }
  take(style.length);
  return declarations;
}

const isKeptStyleProperty = (property: string) =>
  KEPT_STYLE_PROPERTIES.has(property) || KEPT_STYLE_PREFIXES.some((prefix) => property === prefix || property.startsWith(`${prefix}-`));

/** The style attribute with only the allowed properties, or '' when none is left. */
export function filterStyle(style: string): string {
  return styleDeclarations(style)
    .filter(([property, value]) => value !== '' && isKeptStyleProperty(property) && !UNSAFE_STYLE_VALUE.test(value))
    .map(([property, value]) => `${property}: ${value}`)
    .join('; ');
}

function cleanAttributes(element: Element) {
  for (const name of element.getAttributeNames()) {
    const lowerCase = name.toLowerCase();
    if (!KEPT_ATTRIBUTES.has(lowerCase) && lowerCase !== PROSEMIRROR_SLICE) element.removeAttribute(name);
  }
  const style = element.getAttribute('style');
  if (style === null) return;
  const kept = filterStyle(style);
  if (kept) element.setAttribute('style', kept);
  else element.removeAttribute('style');
}

/** No visible text (non-breaking spaces count as blank) and no image, table or other embedded content. */
function isEmpty(element: Element) {
  const text = (element.textContent ?? '').replace(/[\s\u00a0\u200b]/g, '');
  return text === '' && element.querySelector(EMBEDDED) === null;
}

function removeComments(document: Document) {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_COMMENT);
  const comments: Node[] = [];
  while (walker.nextNode()) comments.push(walker.currentNode);
  for (const comment of comments) comment.parentNode?.removeChild(comment);
}

export function cleanPastedHtml(html: string): string {
  const document = new DOMParser().parseFromString(html, 'text/html');
  const body = document.body;
  for (const element of [...document.querySelectorAll(REMOVED_ELEMENTS)]) element.remove();
  // Word and Chrome wrap fragments in comments (StartFragment, conditional comments).
  removeComments(document);
  for (const element of [...body.querySelectorAll('*')]) cleanAttributes(element);
  // Deepest first, so a list that only held empty paragraphs goes too.
  for (const element of [...body.querySelectorAll(EMPTY_REMOVED)].reverse()) {
    if (isEmpty(element)) element.remove();
  }
  for (const cell of body.querySelectorAll('td, th')) {
    if (isEmpty(cell)) cell.textContent = '\u00a0';
  }
  for (const table of body.querySelectorAll('table')) {
    const kept = table.getAttribute('style');
    table.setAttribute('style', kept ? `${kept}; ${TABLE_STYLE}` : TABLE_STYLE);
  }
  return body.innerHTML;
}
