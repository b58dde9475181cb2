/**
 * Paste cleaning for the rich-text editors (spec 5): what comes from Word, Google Docs or web
 * pages is reduced to plain content before tiptap parses it. Pure (DOMParser only), so it runs
 * the same in the browser and in tests.
 */
import { wordPictureDescriptions } from '@cms/worker/contract';

const REMOVED_ELEMENTS = 'script, style, meta, link, title';
/** A merged table cell keeps its span: without it the table's rows no longer line up. */
const KEPT_ATTRIBUTES = new Set(['src', 'alt', 'href', 'title', 'class', 'id', 'style', 'colspan', 'rowspan']);
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
/** Where takeWordListMarkers leaves a paragraph's marker for rebuildWordLists (never stored). */
const WORD_MARKER = 'data-word-list-marker';

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

/** Justified text leaves uneven gaps on a phone's narrow lines: pasted text keeps its other alignments only. */
const isJustify = (property: string, value: string) => property === 'text-align' && /^justify/i.test(value);

/** The style attribute with only the allowed properties, or '' when none is left. */
export function filterStyle(style: string): string {
  return styleDeclarations(style)
    .filter(([property, value]) => value !== '' && isKeptStyleProperty(property) && !UNSAFE_STYLE_VALUE.test(value) && !isJustify(property, value))
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

/**
 * Word writes a list item's marker (bullet or number, and the spaces after it) between the
 * conditional comments `[if !supportLists]` and `[endif]`, whatever its spans look like. The
 * marker is taken out and kept on its paragraph, where the list is rebuilt from it.
 */
function takeWordListMarkers(document: Document) {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_COMMENT);
  const openings: Comment[] = [];
  while (walker.nextNode()) if (/^\[if !supportLists\]$/i.test((walker.currentNode as Comment).data.trim())) openings.push(walker.currentNode as Comment);
  for (const opening of openings) {
    const marker: Node[] = [];
    let node = opening.nextSibling;
    while (node && !(node.nodeType === node.COMMENT_NODE && /^\[endif\]$/i.test((node as Comment).data.trim()))) {
      marker.push(node);
      node = node.nextSibling;
    }
    // Without its closing comment the run is not Word's marker: nothing is taken.
    if (!node) continue;
    opening.parentElement?.closest('p')?.setAttribute(WORD_MARKER, marker.map((part) => part.textContent ?? '').join(''));
    for (const part of marker) part.parentNode?.removeChild(part);
  }
}

/** Links to a place in the pasted document itself (Word's footnotes and their way back): what they point at is not kept. */
function unwrapInPageLinks(body: HTMLElement) {
  for (const link of body.querySelectorAll('a[href^="#"]')) link.replaceWith(...link.childNodes);
}

function removeComments(document: Document) {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_COMMENT);
  const comments: Node[] = [];
  while (walker.nextNode()) comments.push(walker.currentNode);
  for (const comment of comments) comment.parentNode?.removeChild(comment);
}

/** Word's list paragraphs: a class MsoListParagraph... or an `mso-list: l0 level2 lfo1` style. */
const wordListLevel = (element: Element) => {
  const style = element.getAttribute('style') ?? '';
  const level = /mso-list:\s*l\d+\s+level(\d+)/i.exec(style);
  if (level) return Number(level[1]);
  return /^MsoListParagraph/i.test(element.getAttribute('class') ?? '') ? 1 : 0;
};
const wordListId = (element: Element) => /mso-list:\s*(l\d+)/i.exec(element.getAttribute('style') ?? '')?.[1] ?? '';
/** The marker Word writes before a list item's text: a bullet glyph, or a number/letter with "." or ")". */
const BULLET = /^[\s\u00a0]*([·•▪◦§o\uf0b7\uf0a7\-–])[\s\u00a0]+/;
/** A bullet typed into plain paragraphs (Word's markup lost on the way). */
const TYPED_BULLET = /^[\s\u00a0]*[·•▪◦\uf0b7][\s\u00a0]+/;
const NUMBER = /^[\s\u00a0]*\(?([0-9]{1,3}|[a-z]{1,2}|[ivxlc]{1,5})[.)][\s\u00a0]+/i;

/**
 * Word pastes lists as paragraphs with a typed bullet ('·' in the Symbol font) or number; they
 * become real lists (nested by Word's level), the markers removed.
 */
function rebuildWordLists(document: Document) {
  const paragraphs: Element[] = [...document.body.querySelectorAll('p')].filter((p) => wordListLevel(p) > 0 || p.hasAttribute(WORD_MARKER) || TYPED_BULLET.test(p.textContent ?? ''));
  const done = new Set<Element>();
  for (const first of paragraphs) {
    if (done.has(first)) continue;
    // A run of list paragraphs that follow each other and belong to the same Word list (l0, l1...).
    const run: Element[] = [first];
    for (let next = first.nextElementSibling; next && paragraphs.includes(next) && wordListId(next) === wordListId(first); next = next.nextElementSibling) run.push(next);
    const firstLevel = Math.max(1, wordListLevel(first));
    const stack: Array<{ level: number; list: HTMLElement }> = [];
    let top: HTMLElement | null = null;
    for (const paragraph of run) {
      done.add(paragraph);
      const level = Math.max(firstLevel, wordListLevel(paragraph));
      // The marker: taken from between Word's conditional comments, else Word's own span
      // (mso-list: Ignore), else typed text at the start.
      const taken = paragraph.getAttribute(WORD_MARKER);
      const ignored = taken === null ? paragraph.querySelector('[style*="mso-list" i][style*="ignore" i]') : null;
      const marker = taken ?? (ignored ? (ignored.textContent ?? '') : (paragraph.textContent ?? ''));
      const ordered = NUMBER.test(`${marker.trim()} `) && !BULLET.test(`${marker.trim()} `);
      if (ignored) ignored.remove();
      else if (taken === null) stripLeadingMarker(paragraph);
      while (stack.length && stack[stack.length - 1]!.level > level) stack.pop();
      if (!stack.length || stack[stack.length - 1]!.level < level) {
        const list = document.createElement(ordered ? 'ol' : 'ul');
        const parentItem = stack[stack.length - 1]?.list.lastElementChild;
        if (parentItem) parentItem.append(list);
        else top = list;
        stack.push({ level, list });
      }
      const item = document.createElement('li');
      const text = document.createElement('p');
      text.append(...paragraph.childNodes);
      item.append(text);
      stack[stack.length - 1]!.list.append(item);
    }
    if (top) first.before(top);
    for (const paragraph of run) paragraph.remove();
  }
}

/** Removes a typed bullet or number from the first text of a paragraph. */
function stripLeadingMarker(paragraph: Element) {
  const walker = paragraph.ownerDocument.createTreeWalker(paragraph, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode as Text;
    if (!node.data.trim()) continue;
    node.data = node.data.replace(BULLET, '').replace(NUMBER, '');
    return;
  }
}

export interface CleanedPaste {
  html: string;
  /** Pictures that pointed at the author's own disk (Word's file:///C:/...), which no visitor can load. */
  droppedImages: number;
}

/** Pasted HTML reduced to plain content, with what had to be dropped counted for the user. */
export function cleanPaste(html: string): CleanedPaste {
  const document = new DOMParser().parseFromString(html, 'text/html');
  const body = document.body;
  // A picture keeps what its author wrote about it: its alt, else its title or Word's shape description.
  const descriptions = wordPictureDescriptions(html);
  for (const image of body.querySelectorAll('img:not([alt]), img[alt=""]')) {
    const alt = image.getAttribute('title')?.trim() || descriptions.get(image.getAttribute('v:shapes') ?? '');
    if (alt) image.setAttribute('alt', alt);
  }
  for (const element of document.querySelectorAll(REMOVED_ELEMENTS)) element.remove();
  takeWordListMarkers(document);
  // Word and Chrome wrap fragments in comments (StartFragment, conditional comments).
  removeComments(document);
  unwrapInPageLinks(body);
  const local = [...body.querySelectorAll('img')].filter((image) => /^(file:|blob:|cid:|ms-)/i.test(image.getAttribute('src')?.trim() ?? ''));
  for (const image of local) image.remove();
  rebuildWordLists(document);
  // The page's title is its only h1: pasted headings start one level down.
  for (const heading of body.querySelectorAll('h1')) {
    const h2 = document.createElement('h2');
    for (const name of heading.getAttributeNames()) h2.setAttribute(name, heading.getAttribute(name)!);
    h2.append(...heading.childNodes);
    heading.replaceWith(h2);
  }
  for (const element of body.querySelectorAll('*')) cleanAttributes(element);
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
  return { html: body.innerHTML, droppedImages: new Set(local.map((image) => image.getAttribute('src'))).size };
}

export const cleanPastedHtml = (html: string) => cleanPaste(html).html;
