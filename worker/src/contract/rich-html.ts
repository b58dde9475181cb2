/**
 * Rich text as the site shows it, shared by the site build and the worker (which renders previews
 * with it). The page's HTML: every picture lazy-loaded with an alt text (empty when the
 * editor gave none: a decorative picture), headings fitted under the page's own headings
 * (the page title is the only h1; pasted headings never skip a level), and every table in a box
 * of its own that scrolls sideways when the table is wider than the column (focusable, so a
 * keyboard scrolls it too).
 */

/** A tag's attribute list with `name="value"` added when the tag has no such attribute. */
const withDefault = (attributes: string, name: string, value: string) => (new RegExp(`\\s${name}\\s*=`, 'i').test(attributes) ? attributes : `${attributes} ${name}="${value}"`);

/**
 * @param top the heading level of the text's first heading: 2 below a page title, deeper when
 *   the text sits under a section heading of its own.
 */
export function richHtml(html: string | null | undefined, top = 2): string {
  let previous = top - 1;
  const open: number[] = [];
  return (html ?? '')
    .replace(/<img\b([^>]*?)\s*\/?>/gi, (_tag, attributes: string) => {
      let kept = withDefault(attributes, 'alt', '');
      kept = withDefault(kept, 'loading', 'lazy');
      kept = withDefault(kept, 'decoding', 'async');
      return `<img${kept}>`;
    })
    .replace(/<(\/?)h([1-6])\b([^>]*)>/gi, (_tag, closing: string, level: string, attributes: string) => {
      if (closing) return `</h${open.pop() ?? level}>`;
      // At most one level below the previous heading, never above the text's top level.
      const fitted = Math.min(6, Math.max(top, Math.min(Number(level), previous + 1)));
      previous = fitted;
      open.push(fitted);
      return `<h${fitted}${attributes}>`;
    })
    .replace(/<table\b/gi, '<div class="table-scroll" tabindex="0"><table')
    .replace(/<\/table\s*>/gi, '</table></div>');
}

/** Text without tags, cut at `length` characters plus an ellipsis (100 by default). */
export function stripHtml(html: string | null | undefined, length = 100) {
  const text = (html ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > length ? `${text.slice(0, length).trimEnd()}...` : text;
}
