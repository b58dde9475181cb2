/**
 * The "Kolaborasi" inquiry form and the staff inbox: statuses, limits, the spam rules' numbers,
 * the consent texts and the messages visitors read, shared by the worker, the site and the admin.
 */
import { LOCALES, type Locale } from './locales.ts';

export const INQUIRY_STATUSES = ['new', 'replied', 'archived'] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];
export const INQUIRY_STATUS_LABELS: Record<InquiryStatus, string> = { new: 'Baru', replied: 'Dibalas', archived: 'Arsip' };

/** Languages the form is offered in; its consent text is stored in the one the visitor read. */
export const INQUIRY_LANGUAGES = ['id', 'en'] as const satisfies readonly Locale[];
export type InquiryLanguage = (typeof INQUIRY_LANGUAGES)[number];

export const INQUIRY_LIMITS = {
  name: 120,
  email: 254,
  organisation: 160,
  topic: 80,
  message: 5000,
  /** A reply staff send from the inbox. */
  reply: 10_000,
  notes: 5000,
  /**
   * A whole form post; a larger body is refused before it is read. Well above the message's limit,
   * so an over-long message is read and handed back to be shortened rather than lost.
   */
  bodyBytes: 2 * 1024 * 1024,
} as const;

/** Spam rules. Every number here is also stated in SECURITY.md. */
export const INQUIRY_SPAM_RULES = {
  /** A form sent sooner than this after the page was served is refused as a bot's. */
  minFillSeconds: 3,
  /** A page's form stays valid this long; after it the visitor sends it again (nothing typed is lost). */
  formValidHours: 24,
  /** Inquiries one client network (IPv4 address, IPv6 /64) may send per hour. */
  perClientPerHour: 5,
} as const;

/** The hidden field people never see: a value means a bot filled it. */
export const INQUIRY_HONEYPOT = 'website';
/** The hidden field holding the signed time the page was served. */
export const INQUIRY_STARTED_FIELD = 'startedAt';
/** The field Cloudflare Turnstile adds to the form when a site key is configured. */
export const TURNSTILE_FIELD = 'cf-turnstile-response';

/** The page of the form. */
export const INQUIRY_PAGE = '/kolaborasi';

export const CONSENT_TEXTS: Record<InquiryLanguage, string> = {
  id: 'Saya setuju data yang saya kirim (nama, email, organisasi dan pesan) disimpan dan dipakai untuk menjawab pesan ini, dan dihapus paling lama setelah masa simpan yang disebut di halaman Privasi.',
  en: 'I agree that the data I send (name, email, organisation and message) is stored and used to answer this message, and deleted at the latest after the retention period stated on the Privacy page.',
};

/** What a newsletter sign-up agrees to, stored with the subscriber. */
export const NEWSLETTER_CONSENT_TEXT = 'Berlangganan newsletter melalui email; alamat email disimpan sampai berhenti berlangganan, dan langganan aktif setelah dikonfirmasi melalui tautan di email.';

/** The page of the form in a language: `/kolaborasi`, `/en/kolaborasi`. */
export const inquiryPageIn = (language: InquiryLanguage) => `${LOCALES[language].prefix}${INQUIRY_PAGE}`;

/** What a visitor reads about their message, in the language of the page they wrote it on. */
export const INQUIRY_TEXTS = {
  id: {
    sent: 'Terima kasih, pesan Anda sudah kami terima. Kami akan membalas ke email Anda.',
    sending: 'Mengirim...',
    nameRequired: 'Nama wajib diisi.',
    nameTooLong: `Nama maksimal ${INQUIRY_LIMITS.name} karakter.`,
    emailInvalid: 'Masukkan alamat email yang valid, contoh: nama@contoh.org.',
    organisationTooLong: `Organisasi maksimal ${INQUIRY_LIMITS.organisation} karakter.`,
    topicInvalid: 'Pilih salah satu topik dari daftar.',
    messageRequired: 'Pesan wajib diisi.',
    messageTooLong: `Pesan maksimal ${INQUIRY_LIMITS.message.toLocaleString('id-ID')} karakter.`,
    consentRequired: 'Centang persetujuan agar kami boleh menyimpan dan menjawab pesan Anda.',
    tooLarge: `Pesan terlalu besar untuk dikirim. Persingkat pesan Anda (maksimal ${INQUIRY_LIMITS.message.toLocaleString('id-ID')} karakter).`,
    tooFast: 'Formulir terkirim terlalu cepat. Mohon periksa isian Anda, lalu kirim lagi.',
    expired: 'Formulir ini sudah terlalu lama terbuka. Isian Anda masih ada; silakan kirim lagi.',
    limited: (minutes: number) => `Terlalu banyak pesan dari jaringan Anda. Silakan coba lagi dalam ${minutes} menit.`,
    turnstile: 'Verifikasi anti-spam gagal. Silakan coba lagi.',
    failed: 'Pesan belum terkirim karena gangguan di server. Isian Anda masih ada; silakan coba lagi nanti.',
    network: 'Koneksi terputus. Isian Anda masih ada; silakan coba lagi.',
  },
  en: {
    sent: 'Thank you, we have received your message. We will reply to your email.',
    sending: 'Sending...',
    nameRequired: 'Please enter your name.',
    nameTooLong: `Your name can be at most ${INQUIRY_LIMITS.name} characters.`,
    emailInvalid: 'Please enter a valid email address, for example: name@example.org.',
    organisationTooLong: `The organisation can be at most ${INQUIRY_LIMITS.organisation} characters.`,
    topicInvalid: 'Please choose one of the topics in the list.',
    messageRequired: 'Please write a message.',
    messageTooLong: `Your message can be at most ${INQUIRY_LIMITS.message.toLocaleString('en-GB')} characters.`,
    consentRequired: 'Please tick the consent box so that we may store and answer your message.',
    tooLarge: `Your message is too large to send. Please shorten it (at most ${INQUIRY_LIMITS.message.toLocaleString('en-GB')} characters).`,
    tooFast: 'The form was sent too quickly. Please check what you entered, then send it again.',
    expired: 'This form has been open for too long. What you entered is still here; please send it again.',
    limited: (minutes: number) => `Too many messages from your network. Please try again in ${minutes} minutes.`,
    turnstile: 'The spam check failed. Please try again.',
    failed: 'Your message was not sent because of a server problem. What you entered is still here; please try again later.',
    network: 'The connection was lost. What you entered is still here; please try again.',
  },
} satisfies Record<InquiryLanguage, Record<string, string | ((minutes: number) => string)>>;

/** The Indonesian texts (the default page's). */
export const INQUIRY_MESSAGES = INQUIRY_TEXTS.id;

/** What the site's form needs: built into the page, and read again by the worker when it serves it. */
export interface InquiryFormConfig {
  title: string;
  intro: string;
  topics: string[];
  consentText: string;
  /** Cloudflare Turnstile's site key; empty when Turnstile is not configured. */
  turnstileSiteKey: string;
}

/** An inquiry as the inbox lists it. */
export interface InquirySummary {
  _id: string;
  name: string;
  email: string;
  organisation: string;
  topic: string;
  /** The message's first characters. */
  excerpt: string;
  status: InquiryStatus;
  assigneeId: string | null;
  assigneeName: string;
  createdAt: string;
  updatedAt: string;
}

export interface InquiryReply {
  _id: string;
  body: string;
  authorName: string;
  sentAt: string;
}

/** One inquiry with its thread and its consent record. */
export interface InquiryDetail extends Omit<InquirySummary, 'excerpt'> {
  message: string;
  notes: string;
  consentText: string;
  consentedAt: string;
  sourcePage: string;
  language: string;
  replies: InquiryReply[];
}

/** Someone who may be assigned an inquiry: an active account that may read the inbox. */
export interface InquiryAssignee {
  _id: string;
  name: string;
}

/** Everything held about one email address, as the privacy export gives it. */
export interface PersonalDataExport {
  email: string;
  exportedAt: string;
  subscriber: Record<string, unknown> | null;
  newsletterDeliveries: Record<string, unknown>[];
  inquiries: (Omit<InquiryDetail, 'assigneeId' | 'assigneeName'> & { replies: InquiryReply[] })[];
}

export interface ErasureSummary {
  subscribers: number;
  inquiries: number;
  newsletterDeliveries: number;
  auditEntriesRedacted: number;
}
