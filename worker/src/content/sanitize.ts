import sanitizeHtml from 'sanitize-html';
import { wordPictureDescriptions } from '../contract/word.ts';

const px = /^\d{1,2}(\.\d+)?px$/;
const colour = [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^hsla?\([\d\s.,%deg]+\)$/i, /^[a-z]+$/i];
const length = [/^-?\d+(\.\d+)?(px|em|rem|%)?(\s+-?\d+(\.\d+)?(px|em|rem|%)?){0,3}$/];

/**
 * What the admin's rich-text editors can produce: headings, emphasis, font size 8-64 px,
 * colours, alignment, lists, indentation, links, quotes, tables and images. Anything else
 * (scripts, event handlers, javascript: URLs, frames, forms) is removed before storage.
 */
const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'div', 'span',
    'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'del', 'sub', 'sup', 'mark', 'small', 'code', 'pre',
    'blockquote', 'ul', 'ol', 'li', 'a', 'img', 'figure', 'figcaption',
    'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'colgroup', 'col',
  ],
  allowedAttributes: {
    '*': ['style', 'class', 'id', 'title', 'data-indent'],
    a: ['href', 'target', 'rel', 'name'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    td: ['colspan', 'rowspan', 'colwidth'],
    th: ['colspan', 'rowspan', 'colwidth', 'scope'],
    ol: ['start', 'type'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  allowedStyles: {
    '*': {
      color: colour,
      'background-color': colour,
      'font-size': [px],
      'font-weight': [/^(normal|bold|bolder|lighter|[1-9]00)$/],
      'font-style': [/^(normal|italic|oblique)$/],
      'text-decoration': [/^[a-z\s-]+$/],
      'text-align': [/^(left|right|center|justify|start|end)$/],
      margin: length,
      'margin-left': length,
      'padding-left': length,
      padding: length,
      width: length,
      'border-collapse': [/^(collapse|separate)$/],
    },
  },
  transformTags: {
    // Links that open a new tab must not hand the opener to the target.
    a: (tagName, attribs) =>
      attribs.target === '_blank' ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } } : { tagName, attribs },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

const FONT_SIZE = { min: 8, max: 64 };
/** Keeps font sizes within the editor's 8-64 px range. */
const clampFontSizes = (html: string) =>
  html.replace(/font-size:\s*(\d+(?:\.\d+)?)px/g, (_, size: string) => {
    const value = Math.min(FONT_SIZE.max, Math.max(FONT_SIZE.min, Number(size)));
    return `font-size: ${value}px`;
  });

/**
 * Rich text as it is stored. A picture without alt text takes its title, or the description
 * Word kept on its shape, so a picture pasted from Word keeps what its author wrote about it.
 */
export const sanitizeRichText = (html: string) => {
  const descriptions = wordPictureDescriptions(html);
  const img: sanitizeHtml.Transformer = (tagName, attribs) => {
    const alt = attribs.alt?.trim() || attribs.title?.trim() || descriptions.get(attribs['v:shapes'] ?? '');
    return { tagName, attribs: alt ? { ...attribs, alt } : attribs };
  };
  return clampFontSizes(sanitizeHtml(html, { ...RICH_TEXT, transformTags: { ...RICH_TEXT.transformTags, img } }));
};

/** SEO's custom meta tags are injected into <head>: only <meta> elements survive. */
export const sanitizeMetaTags = (html: string) =>
  sanitizeHtml(html, {
    allowedTags: ['meta'],
    allowedAttributes: { meta: ['name', 'property', 'content', 'charset', 'itemprop'] },
  });
