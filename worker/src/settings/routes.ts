/** Page-level settings (the Collaborate page, the inquiry form's options): read by anyone, written by staff. */
import { inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import * as z from '../contract/zod.ts';
import type { Settings } from '../contract/api.ts';
import { isSiteAddress, stripControls } from '../contract/text.ts';
import { assertPermission } from '../auth/guard.ts';
import { mayRead } from '../contract/permissions.ts';
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
  collaborateIntro: 'Punya gagasan kerja sama, riset, atau program bersama? Ceritakan kepada kami, kami akan membalas ke email Anda.',
  inquiryTopics: 'Kemitraan program\nRiset dan data\nMedia dan publikasi\nLainnya',
  inquiryNotify: 'each',
  inquiryRecipients: '',
  inquiryRetentionMonths: '24',
};

export const SITE_ADDRESS_MESSAGE =
  'Alamat situs harus berupa alamat https lengkap tanpa path, contoh: https://contoh.org (http hanya untuk localhost atau 127.0.0.1).';

/** Control characters are stripped from typed text, as in every other field. */
const plainText = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (typeof value === 'string' ? stripControls(value, false) : value), schema);

/** Text of one item per line: each trimmed, empty lines dropped, stored again one per line. */
const plainTextLines = (schema: z.ZodType<string[], string[]>) =>
  z
    .string({ error: 'Daftar harus berupa teks, satu per baris.' })
    .transform((value) => stripControls(value, true).split('\n').map((line) => line.trim()).filter(Boolean))
    .pipe(schema)
    .transform((lines) => lines.join('\n'));

const settingsInput = z.object({
  collaborateTitle: plainText(z.string({ error: 'Title harus berupa teks.' }).trim().min(1, 'Title wajib diisi.').max(200, 'Title maksimal 200 karakter.')),
  organisationName: plainText(z.string({ error: 'Nama organisasi harus berupa teks.' }).trim().min(1, 'Nama organisasi wajib diisi.').max(120, 'Nama organisasi maksimal 120 karakter.')),
  siteUrl: z
    .string({ error: SITE_ADDRESS_MESSAGE })
    .refine((value) => value === '' || isSiteAddress(value), SITE_ADDRESS_MESSAGE)
    .transform((value) => value.replace(/\/+$/, '')),
  newsletterSender: z.email('Alamat pengirim newsletter harus berupa email yang valid.').max(254),
  collaborateIntro: plainText(z.string({ error: 'Pengantar harus berupa teks.' }).trim().max(1000, 'Pengantar maksimal 1000 karakter.')),
  inquiryTopics: plainTextLines(
    z
      .array(z.string().max(80, 'Setiap topik maksimal 80 karakter.'))
      .min(1, 'Isi minimal satu topik.')
      .max(20, 'Topik maksimal 20.')
      .refine((topics) => new Set(topics).size === topics.length, 'Setiap topik hanya boleh muncul sekali.'),
  ),
  inquiryNotify: z.enum(['each', 'digest'], { error: 'Pilih email per pesan atau ringkasan harian.' }),
  inquiryRecipients: z
    .string({ error: 'Penerima harus berupa teks.' })
    .transform((value) => value.split(/[,\n]/).map((address) => address.trim()).filter(Boolean))
    .refine((addresses) => addresses.length <= 10, 'Penerima maksimal 10 alamat.')
    .refine((addresses) => addresses.every((address) => address.length <= 254 && z.email().safeParse(address).success), 'Setiap penerima harus berupa email yang valid, dipisahkan koma.')
    .transform((addresses) => addresses.join(', ')),
  inquiryRetentionMonths: z.coerce
    .number({ error: 'Masa simpan harus berupa angka bulan.' })
    .int('Masa simpan harus bilangan bulat.')
    .min(1, 'Masa simpan minimal 1 bulan.')
    .max(120, 'Masa simpan maksimal 120 bulan.')
    .transform(String),
});

export async function readSettings(db: Database): Promise<Settings> {
  const rows = await db.select().from(settings).where(inArray(settings.key, Object.keys(DEFAULT_SETTINGS)));
  return { ...DEFAULT_SETTINGS, ...Object.fromEntries(rows.map((row) => [row.key, row.value])) };
}

export const settingsRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const all = await readSettings(c.var.db);
    // Staff addresses are for staff: everyone else reads the rest.
    return ok(c, c.var.user && mayRead(c.var.user.permissions, 'settings') ? all : { ...all, inquiryRecipients: '' });
  })
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
