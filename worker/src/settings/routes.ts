/** Page-level settings (the Collaborate page's title): read by anyone, written by staff. */
import { inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Settings } from '../contract/api.ts';
import { isSiteAddress, stripControls } from '../contract/text.ts';
import { assertPermission } from '../auth/guard.ts';
import { auditStatement } from '../audit/log.ts';
import type { Database } from '../db/client.ts';
import { now } from '../db/client.ts';
import { settings } from '../db/schema.ts';
import type { AppEnv } from '../env.ts';
import { readBody } from '../http/body.ts';
import { ApiError, ok } from '../http/errors.ts';

export const DEFAULT_SETTINGS: Settings = {
  collaborateTitle: 'Collaborate With Us',
  organisationName: 'Resik Nusantara',
  siteUrl: '',
  newsletterSender: 'newsletter@example.org',
};

export const SITE_ADDRESS_MESSAGE =
  'Alamat situs harus berupa alamat https lengkap tanpa path, contoh: https://contoh.org (http hanya untuk localhost atau 127.0.0.1).';

/** Control characters are stripped from typed text, as in every other field. */
const plainText = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (typeof value === 'string' ? stripControls(value, false) : value), schema);

const settingsInput = z.object({
  collaborateTitle: plainText(z.string({ error: 'Title harus berupa teks.' }).trim().min(1, 'Title wajib diisi.').max(200, 'Title maksimal 200 karakter.')),
  organisationName: plainText(z.string({ error: 'Nama organisasi harus berupa teks.' }).trim().min(1, 'Nama organisasi wajib diisi.').max(120, 'Nama organisasi maksimal 120 karakter.')),
  siteUrl: z
    .string({ error: SITE_ADDRESS_MESSAGE })
    .refine((value) => value === '' || isSiteAddress(value), SITE_ADDRESS_MESSAGE)
    .transform((value) => value.replace(/\/+$/, '')),
  newsletterSender: z.email('Alamat pengirim newsletter harus berupa email yang valid.').max(254),
});

export async function readSettings(db: Database): Promise<Settings> {
  const rows = await db.select().from(settings).where(inArray(settings.key, Object.keys(DEFAULT_SETTINGS)));
  return { ...DEFAULT_SETTINGS, ...Object.fromEntries(rows.map((row) => [row.key, row.value])) };
}

export const settingsRoutes = new Hono<AppEnv>()
  .get('/', async (c) => ok(c, await readSettings(c.var.db)))
  .put('/', async (c) => {
    assertPermission(c.var.user, 'settings', 'update');
    const parsed = settingsInput.partial().safeParse((await readBody(c)).fields);
    if (!parsed.success) throw new ApiError(400, 'VALIDATION_ERROR', parsed.error.issues.map((i) => i.message).join(' '));
    const entries = Object.entries(parsed.data).filter((entry): entry is [string, string] => entry[1] !== undefined);
    const db = c.var.db;
    if (entries.length) {
      const [first, ...rest] = entries.map(([key, value]) =>
          db.insert(settings).values({ key, value, updatedAt: now() }).onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now() } }),
      );
      await db.batch([first!, ...rest, auditStatement(db, c.var.user, 'update', 'settings', null, entries.map(([key]) => key).join(', '))]);
    }
    return ok(c, await readSettings(db), 'Data berhasil diperbarui!');
  });
