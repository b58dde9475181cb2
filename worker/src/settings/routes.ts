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
import { localeOf } from '../collections/routes.ts';
import { DEFAULT_LOCALE, type Locale } from '../contract/locales.ts';
import { rebuildInputsOf, requestRebuild } from '../rebuild/rebuild.ts';

export const DEFAULT_SETTINGS: Settings = {
  collaborateTitle: 'Mari Berkolaborasi',
  organisationName: 'Resik Nusantara',
  siteUrl: '',
  newsletterSender: 'newsletter@example.org',
  collaborateIntro: 'Punya gagasan kerja sama, riset, atau program bersama? Ceritakan kepada kami, kami akan membalas ke email Anda.',
  inquiryTopics: 'Kemitraan program\nRiset dan data\nMedia dan publikasi\nLainnya',
  inquiryNotify: 'each',
  inquiryRecipients: '',
  inquiryRetentionMonths: '24',
};

/** The settings visitors read as text of the page (the Kolaborasi page's title, intro and topics): one value per language. */
export const LOCALIZED_SETTINGS = ['collaborateTitle', 'collaborateIntro', 'inquiryTopics'] as const satisfies readonly (keyof Settings)[];
type LocalizedSetting = (typeof LOCALIZED_SETTINGS)[number];

/** What a language shows before staff write its own texts; a language without defaults shows none. */
const TRANSLATED_DEFAULTS: Partial<Record<Locale, Record<LocalizedSetting, string>>> = {
  en: {
    collaborateTitle: 'Collaborate With Us',
    collaborateIntro: 'Have an idea for a partnership, research or a joint programme? Tell us about it and we will reply to your email.',
    inquiryTopics: 'Programme partnership\nResearch and data\nMedia and publications\nOther',
  },
};

/** Settings the built pages show (the organisation's name in every header, footer and page's metadata): changing one asks for a site build. */
const ON_BUILT_PAGES = ['organisationName'] as const satisfies readonly (keyof Settings)[];

/** Where a setting's value in another language is kept: `collaborateTitle.en`. */
const keyIn = (key: LocalizedSetting, locale: Locale) => (locale === DEFAULT_LOCALE ? key : `${key}.${locale}`);

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

/** The settings, their page texts in `locale` (the default language's own when none is named). */
export async function readSettings(db: Database, locale: Locale = DEFAULT_LOCALE): Promise<Settings> {
  const keys = locale === DEFAULT_LOCALE ? Object.keys(DEFAULT_SETTINGS) : [...Object.keys(DEFAULT_SETTINGS), ...LOCALIZED_SETTINGS.map((key) => keyIn(key, locale))];
  const stored = new Map((await db.select().from(settings).where(inArray(settings.key, keys))).map((row) => [row.key, row.value]));
  const all: Settings = { ...DEFAULT_SETTINGS, ...Object.fromEntries(Object.keys(DEFAULT_SETTINGS).flatMap((key) => (stored.has(key) ? [[key, stored.get(key)!]] : []))) };
  if (locale === DEFAULT_LOCALE) return all;
  // Another language never shows the default language's text: its own, its defaults, or nothing.
  for (const key of LOCALIZED_SETTINGS) all[key] = stored.get(keyIn(key, locale)) ?? TRANSLATED_DEFAULTS[locale]?.[key] ?? '';
  return all;
}

export const settingsRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const all = await readSettings(c.var.db, localeOf(c.req.query()));
    // Staff addresses are for staff: everyone else reads the rest.
    return ok(c, c.var.user && mayRead(c.var.user.permissions, 'settings') ? all : { ...all, inquiryRecipients: '' });
  })
  .put('/', async (c) => {
    assertPermission(c.var.user, 'settings', 'update');
    const locale = localeOf(c.req.query());
    // In another language only the page texts are its own; the rest is one value for every language.
    const input = locale === DEFAULT_LOCALE ? settingsInput.partial() : settingsInput.pick({ collaborateTitle: true, collaborateIntro: true, inquiryTopics: true }).partial();
    const parsed = input.safeParse((await readBody(c)).fields);
    if (!parsed.success) throw new ApiError(400, 'VALIDATION_ERROR', parsed.error.issues.map((i) => i.message).join(' '));
    const entries = Object.entries(parsed.data)
      .filter((entry): entry is [string, string] => entry[1] !== undefined)
      .map(([key, value]): [string, string] => [(LOCALIZED_SETTINGS as readonly string[]).includes(key) ? keyIn(key as LocalizedSetting, locale) : key, value]);
    const db = c.var.db;
    const before = await readSettings(db, locale);
    if (entries.length) {
      const [first, ...rest] = entries.map(([key, value]) =>
          db.insert(settings).values({ key, value, updatedAt: now() }).onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now() } }),
      );
      await db.batch([first!, ...rest, auditStatement(db, c.var.user, 'update', 'settings', null, entries.map(([key]) => key).join(', '))]);
    }
    const sent: Partial<Settings> = parsed.data;
    const shown = ON_BUILT_PAGES.filter((key) => sent[key] !== undefined && sent[key] !== before[key]);
    if (shown.length) await requestRebuild(rebuildInputsOf(c), `Pengaturan: ${shown.join(', ')}`);
    return ok(c, await readSettings(db, locale), 'Data berhasil diperbarui!');
  });
