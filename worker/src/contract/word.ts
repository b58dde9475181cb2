/** What Word's clipboard HTML says about its pictures, read by the worker's sanitiser and the admin's paste cleaning. */

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', '#39': "'" };

/** One attribute of a tag's source, quoted or not (Word writes both), its basic entities decoded. */
const attributeOf = (tag: string, name: string) => {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  const value = match?.[1] ?? match?.[2] ?? match?.[3] ?? '';
  return value.replace(/&(amp|quot|apos|lt|gt|#39);/g, (_, name: string) => ENTITIES[name]!).trim();
};

/**
 * Word describes a pasted picture on its VML shape (`<v:shape alt>` or `<v:imagedata o:title>`),
 * which the <img> it also writes points at by `v:shapes`: the descriptions by shape id.
 */
export function wordPictureDescriptions(html: string) {
  const descriptions = new Map<string, string>();
  if (!/<v:shape\b/i.test(html)) return descriptions;
  for (const [, attributes = '', inner = ''] of html.matchAll(/<v:shape\b([^>]*)>([\s\S]*?)<\/v:shape>/gi)) {
    const id = attributeOf(attributes, 'id');
    const description = attributeOf(attributes, 'alt') || attributeOf(/<v:imagedata\b[^>]*>/i.exec(inner)?.[0] ?? '', 'o:title');
    if (id && description) descriptions.set(id, description);
  }
  return descriptions;
}
