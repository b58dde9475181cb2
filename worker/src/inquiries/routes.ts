/**
 * /api/inquiries: the public form's options and its JSON submit (the island), and the staff
 * inbox: list with status, search and assignee, one inquiry with its thread, status, assignee
 * and notes changes (inquiry.update), and replies by email (inquiry.reply).
 */
import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as z from '../contract/zod.ts';
import { auditStatement } from '../audit/log.ts';
import { assertPermission, assertReadable } from '../auth/guard.ts';
import { sessionUser } from '../auth/permissions.ts';
import { sameOriginForms } from '../auth/session.ts';
import { mayRead } from '../contract/permissions.ts';
import {
  INQUIRY_LIMITS,
  INQUIRY_STARTED_FIELD,
  INQUIRY_TEXTS,
  INQUIRY_STATUSES,
  type InquiryAssignee,
  type InquiryLanguage,
  type InquiryDetail,
  type InquiryReply,
  type InquirySummary,
} from '../contract/inquiry.ts';
import { stripControls } from '../contract/text.ts';
import { newId, type Database } from '../db/client.ts';
import { containsText } from '../db/text-match.ts';
import { inquiry, inquiryReply, user } from '../db/schema.ts';
import type { AppEnv } from '../env.ts';
import { readBody } from '../http/body.ts';
import { ApiError, notFound, ok } from '../http/errors.ts';
import { linkSecret } from '../newsletter/tokens.ts';
import { newsletterContext } from '../newsletter/context.ts';
import { readSettings } from '../settings/routes.ts';
import { localeOf } from '../collections/routes.ts';
import { DEFAULT_LOCALE } from '../contract/locales.ts';
import { replyEmail } from './emails.ts';
import { checkFillTime, checkInquiry, checkTurnstile, filledHoneypot, formConfig, formStamp, inputOf, languageOfForm, refusal, throttleInquiry, topicsOf } from './form.ts';
import { forStaff, notifyEach, storeInquiry } from './store.ts';

export const clientAddress = (c: Context<AppEnv>) => c.req.header('cf-connecting-ip') ?? c.req.header('x-real-ip') ?? 'local';

/** Reads a form post, refusing a body past the limit with the form's own message in the page's language. */
export async function readInquiryBody(c: Context<AppEnv>, language: InquiryLanguage) {
  try {
    return (await readBody(c, INQUIRY_LIMITS.bodyBytes)).fields;
  } catch (error) {
    if (error instanceof ApiError && error.status === 413) throw refusal(413, 'PAYLOAD_TOO_LARGE', INQUIRY_TEXTS[language].tooLarge, 'message');
    throw error;
  }
}

/**
 * Every rule a post must pass, then the inquiry is stored and staff are emailed (per-inquiry
 * mode). Returns false for a bot's post that filled the honeypot: answered alike, kept nowhere.
 */
export async function receiveInquiry(c: Context<AppEnv>, fields: Record<string, unknown>) {
  if (filledHoneypot(fields)) return false;
  const db = c.var.db;
  // The page's language (the form's `language`): its messages, and the topics it offered.
  const language = languageOfForm(fields);
  await checkTurnstile(c.env, fields, clientAddress(c), language);
  await checkFillTime(await linkSecret(c.env, db), fields[INQUIRY_STARTED_FIELD], language);
  // A topic is one the page offered in its language, or one of the default language's.
  const settings = await readSettings(db);
  const offered = language === DEFAULT_LOCALE ? topicsOf(settings) : [...topicsOf(settings), ...topicsOf(await readSettings(db, language))];
  const checked = checkInquiry(inputOf(fields), offered);
  await throttleInquiry(db, clientAddress(c), language);
  const stored = await storeInquiry(db, checked);
  if (settings.inquiryNotify !== 'digest') await notifyEach(c.env, db, [stored], settings.siteUrl || new URL(c.req.url).origin);
  return true;
}

const summaryOf = (row: typeof inquiry.$inferSelect, names: Map<string, string>): InquirySummary => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  organisation: row.organisation,
  topic: row.topic,
  excerpt: row.message.slice(0, 160),
  status: row.status,
  assigneeId: row.assigneeId,
  assigneeName: row.assigneeId ? (names.get(row.assigneeId) ?? '') : '',
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

async function namesOf(db: Database, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (!wanted.length) return new Map<string, string>();
  const rows = await db.select({ id: user.id, fullName: user.fullName, username: user.username }).from(user).where(inArray(user.id, wanted));
  return new Map(rows.map((row) => [String(row.id), String(row.fullName || row.username)]));
}

export async function repliesOf(db: Database, inquiryIds: string[]): Promise<Map<string, InquiryReply[]>> {
  const thread = new Map<string, InquiryReply[]>();
  if (!inquiryIds.length) return thread;
  const rows = await db.select().from(inquiryReply).where(inArray(inquiryReply.inquiryId, inquiryIds)).orderBy(asc(inquiryReply.sentAt));
  for (const row of rows) thread.set(row.inquiryId, [...(thread.get(row.inquiryId) ?? []), { _id: row.id, body: row.body, authorName: row.authorName, sentAt: row.sentAt }]);
  return thread;
}

export const detailOf = (row: typeof inquiry.$inferSelect, names: Map<string, string>, replies: InquiryReply[]): InquiryDetail => {
  const { excerpt: _excerpt, ...summary } = summaryOf(row, names);
  return {
    ...summary,
    message: row.message,
    notes: row.notes,
    consentText: row.consentText,
    consentedAt: row.consentedAt,
    sourcePage: row.sourcePage,
    language: row.language,
    replies,
  };
};

async function oneInquiry(db: Database, id: string) {
  const [row] = await db.select().from(inquiry).where(eq(inquiry.id, id));
  if (!row) throw notFound('Pesan tidak ditemukan.');
  return row;
}

async function detail(db: Database, id: string) {
  const row = await oneInquiry(db, id);
  return detailOf(row, await namesOf(db, [row.assigneeId]), (await repliesOf(db, [id])).get(id) ?? []);
}

/** Active accounts that may read the inbox: the people an inquiry can be assigned to. */
async function assignees(db: Database): Promise<InquiryAssignee[]> {
  const rows = await db.select({ id: user.id }).from(user).where(eq(user.isActive, true));
  const people = await Promise.all(rows.map((row) => sessionUser(db, String(row.id))));
  return people
    .filter((person) => person && mayRead(person.permissions, 'inquiry'))
    .map((person) => ({ _id: person!.id, name: person!.fullName || person!.username }))
    .sort((a, b) => a.name.localeCompare(b.name, 'id'));
}

const PAGE_SIZE = 20;

const changeInput = z.object({
  status: z.enum(INQUIRY_STATUSES, { error: 'Status harus Baru, Dibalas atau Arsip.' }).optional(),
  assigneeId: z.string({ error: 'Pilih petugas dari daftar.' }).max(64).nullable().optional(),
  notes: z
    .string({ error: 'Catatan harus berupa teks.' })
    .transform((value) => stripControls(value, true))
    .pipe(z.string().max(INQUIRY_LIMITS.notes, `Catatan maksimal ${INQUIRY_LIMITS.notes} karakter.`))
    .optional(),
});

const replyInput = z.object({
  body: z
    .string({ error: 'Balasan wajib diisi.' })
    .transform((value) => stripControls(value, true).trim())
    .pipe(z.string().min(1, 'Balasan wajib diisi.').max(INQUIRY_LIMITS.reply, `Balasan maksimal ${INQUIRY_LIMITS.reply.toLocaleString('id-ID')} karakter.`)),
});

const validation = (error: z.ZodError) => new ApiError(400, 'VALIDATION_ERROR', error.issues.map((issue) => issue.message).join(' '));

export const inquiryRoutes = new Hono<AppEnv>()
  .get('/form', async (c) => {
    const locale = localeOf(c.req.query());
    return ok(c, formConfig(await readSettings(c.var.db, locale), c.env, locale));
  })
  // A fresh page stamp for the island, when the one in the page has grown too old.
  .get('/start', async (c) => ok(c, { startedAt: await formStamp(await linkSecret(c.env, c.var.db)) }))
  // The island names its page's language in the query too, so even a body too large to read is refused in it.
  .post('/', sameOriginForms, async (c) => {
    const fields = await readInquiryBody(c, localeOf(c.req.query()));
    await receiveInquiry(c, fields);
    return ok(c, null, INQUIRY_TEXTS[languageOfForm(fields)].sent, 201);
  })
  .get('/assignees', async (c) => {
    assertReadable(c.var.user, 'inquiry');
    return ok(c, await assignees(c.var.db));
  })
  .get('/', async (c) => {
    assertReadable(c.var.user, 'inquiry');
    const db = c.var.db;
    const conditions: SQL[] = [];
    const status = c.req.query('status');
    if (status) {
      if (!(INQUIRY_STATUSES as readonly string[]).includes(status)) throw new ApiError(400, 'VALIDATION_ERROR', 'Status harus Baru, Dibalas atau Arsip.');
      conditions.push(eq(inquiry.status, status as (typeof INQUIRY_STATUSES)[number]));
    }
    const assignee = c.req.query('assignee');
    if (assignee) conditions.push(eq(inquiry.assigneeId, assignee));
    const search = c.req.query('search')?.trim().slice(0, 200);
    if (search) {
      const columns = [inquiry.name, inquiry.email, inquiry.organisation, inquiry.topic, inquiry.message];
      conditions.push(or(...columns.map((column) => containsText(column, search)))!);
    }
    const where = conditions.length ? and(...conditions) : undefined;
    const page = Math.max(1, Math.min(10_000, Number.parseInt(c.req.query('page') ?? '1', 10) || 1));
    const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)` }).from(inquiry).where(where);
    const rows = await db
      .select()
      .from(inquiry)
      .where(where)
      .orderBy(desc(inquiry.createdAt))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE);
    const names = await namesOf(db, rows.map((row) => row.assigneeId));
    return ok(c, rows.map((row) => summaryOf(row, names)), 'OK', 200, { page, limit: PAGE_SIZE, total, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)) });
  })
  .get('/:id', async (c) => {
    assertReadable(c.var.user, 'inquiry');
    return ok(c, await detail(c.var.db, c.req.param('id')));
  })
  .patch('/:id', async (c) => {
    assertPermission(c.var.user, 'inquiry', 'update');
    const parsed = changeInput.safeParse((await readBody(c)).fields);
    if (!parsed.success) throw validation(parsed.error);
    const db = c.var.db;
    const id = c.req.param('id');
    await oneInquiry(db, id);
    const change = parsed.data;
    if (change.assigneeId && !(await assignees(db)).some((person) => person._id === change.assigneeId)) {
      throw new ApiError(400, 'VALIDATION_ERROR', 'Petugas harus akun aktif yang boleh membaca pesan masuk.');
    }
    const changed = Object.keys(change).filter((key) => change[key as keyof typeof change] !== undefined);
    if (changed.length) {
      await db.batch([
        db.update(inquiry).set({ ...change, updatedAt: new Date().toISOString() }).where(eq(inquiry.id, id)),
        auditStatement(db, c.var.user, 'update', 'inquiry', id, `Pesan kolaborasi: ${changed.join(', ')}`),
      ]);
    }
    return ok(c, await detail(db, id), 'Data berhasil diperbarui!');
  })
  .post('/:id/replies', async (c) => {
    assertPermission(c.var.user, 'inquiry', 'reply');
    const parsed = replyInput.safeParse((await readBody(c)).fields);
    if (!parsed.success) throw validation(parsed.error);
    const db = c.var.db;
    const id = c.req.param('id');
    const row = await oneInquiry(db, id);
    const settings = await readSettings(db);
    const ctx = await newsletterContext(c.env, db, settings.siteUrl || new URL(c.req.url).origin);
    try {
      await ctx.mailer.send(replyEmail(ctx.brand, forStaff(row), parsed.data.body));
    } catch (error) {
      console.error('inquiry reply failed:', error);
      throw new ApiError(503, 'SERVER_ERROR', 'Balasan belum terkirim karena layanan email gagal. Teks Anda masih ada; silakan coba lagi.');
    }
    const time = new Date().toISOString();
    const who = c.var.user;
    await db.batch([
      db.insert(inquiryReply).values({ id: newId(), inquiryId: id, body: parsed.data.body, authorId: who.id, authorName: who.fullName || who.username, sentAt: time }),
      db.update(inquiry).set({ status: 'replied', updatedAt: time }).where(eq(inquiry.id, id)),
      auditStatement(db, who, 'create', 'inquiry', id, 'Balasan pesan kolaborasi dikirim'),
    ]);
    return ok(c, await detail(db, id), 'Balasan terkirim.', 201);
  });
