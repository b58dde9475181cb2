/**
 * The pictures newsletter emails may show, at the addresses the worker computes
 * (`emailImagePath`): the newest articles' pictures and the site's mark, as PNG or JPEG.
 */
import { EMAIL_IMAGE_DIR, EMAIL_LOGO, emailImagePath } from '@cms/worker/contract/email-images';
import type { APIRoute, GetStaticPaths } from 'astro';
import logoSvg from '../../../public/favicon.svg?raw';
import { DEFAULT_LOCALE } from '../../i18n/index.ts';
import { recordsOf } from '../../lib/content.ts';
import { emailImage, emailLogo } from '../../lib/email-images.ts';

/** Articles per kind whose pictures get a copy: the newest, which are the ones an issue picks. */
const NEWEST = 200;

const newest = <T extends { createdAt?: string | null }>(records: T[]) =>
  [...records].sort((a, b) => String(b.createdAt ?? '').localeCompare(String(a.createdAt ?? ''))).slice(0, NEWEST);

const within = (address: string) => address.slice(EMAIL_IMAGE_DIR.length + 1);

export const getStaticPaths = (async () => {
  const stored = new Set([...newest(await recordsOf('vision', DEFAULT_LOCALE)).map((v) => v.image), ...newest(await recordsOf('bioCore', DEFAULT_LOCALE)).map((a) => a.featuredImage)]);
  const paths = [];
  const logo = await emailLogo(logoSvg);
  if (logo) paths.push({ params: { path: within(EMAIL_LOGO.path) }, props: { bytes: logo } });
  for (const value of stored) {
    const address = value ? emailImagePath(value) : null;
    if (!value || !address) continue;
    const bytes = await emailImage(value, address.endsWith('.png') ? 'png' : 'jpg');
    if (bytes) paths.push({ params: { path: within(address) }, props: { bytes } });
  }
  return paths;
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ bytes: Buffer }> = ({ props }) => new Response(new Uint8Array(props.bytes));
