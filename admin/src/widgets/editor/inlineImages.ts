/**
 * Inline embedded images (<img src="data:...">) in the light editor's content: found, turned
 * into files for upload, and swapped for the uploaded url. Pure, so the rules are unit-tested.
 */

const EXTENSION_BY_TYPE: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
  'image/bmp': 'bmp',
  'image/avif': 'avif',
};

/** The distinct data: sources of the images in the HTML, in document order. */
export function findInlineImageSources(html: string): string[] {
  if (!html.includes('data:')) return [];
  const document = new DOMParser().parseFromString(html, 'text/html');
  const sources = [...document.querySelectorAll('img')].map((image) => image.getAttribute('src')?.trim() ?? '');
  return [...new Set(sources.filter((source) => /^data:/i.test(source)))];
}

/** A data URI (base64 or percent-encoded) as a File named after its type, e.g. "gambar-1.png". */
export function dataUriToFile(uri: string, baseName: string): File {
  const match = uri.match(/^data:([^,]*?),(.*)$/is);
  if (!match) throw new Error('Not a data URI');
  const [, meta = '', payload = ''] = match;
  const parts = meta.split(';').map((part) => part.trim());
  const type = (parts[0] || 'text/plain').toLowerCase();
  const bytes = parts.includes('base64')
    ? Uint8Array.from(atob(payload.replace(/\s/g, '')), (char) => char.charCodeAt(0))
    : new TextEncoder().encode(decodeURIComponent(payload));
  const extension = EXTENSION_BY_TYPE[type] ?? type.split('/')[1]?.replace(/\W.*$/, '') ?? 'bin';
  return new File([bytes], `${baseName}.${extension || 'bin'}`, { type });
}

/** The HTML with each image whose src is a key of `uploads` pointing at its uploaded url instead. */
export function replaceImageSources(html: string, uploads: ReadonlyMap<string, string>): string {
  const document = new DOMParser().parseFromString(html, 'text/html');
  let changed = false;
  for (const image of document.querySelectorAll('img')) {
    const uploaded = uploads.get(image.getAttribute('src')?.trim() ?? '');
    if (uploaded === undefined) continue;
    image.setAttribute('src', uploaded);
    changed = true;
  }
  // Untouched HTML is returned as written, not re-serialized.
  return changed ? document.body.innerHTML : html;
}
