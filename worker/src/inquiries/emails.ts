/**
 * The inquiries' emails: one to staff per inquiry, a daily digest, and a staff reply to the
 * visitor. Everything the visitor typed is escaped in the HTML part; subjects carry no
 * visitor text beyond the topic chosen from the configured list.
 */
import { INQUIRY_STATUS_LABELS, type InquiryStatus } from '../contract/inquiry.ts';
import type { OutgoingEmail } from '../newsletter/mailer.ts';
import { escape, layout, textFooter, type Brand } from '../newsletter/templates.ts';

export interface InquiryForStaff {
  id: string;
  name: string;
  email: string;
  organisation: string;
  topic: string;
  message: string;
  status: string;
  createdAt: string;
}

const inboxLink = (brand: Brand, id: string) => `${brand.siteUrl}/admin/inquiries/${encodeURIComponent(id)}`;
const paragraphs = (text: string) => escape(text).replace(/\r?\n/g, '<br>');
const sender = (inquiry: InquiryForStaff) => `${inquiry.name}${inquiry.organisation ? ` (${inquiry.organisation})` : ''}`;

function inquiryBlock(brand: Brand, inquiry: InquiryForStaff) {
  return `<div style="border:1px solid #dfe7e2;border-radius:6px;padding:12px 16px;margin:0 0 16px;">
<p style="margin:0 0 4px;"><strong>${escape(sender(inquiry))}</strong> · ${escape(inquiry.email)}</p>
<p style="margin:0 0 8px;color:#56675d;font-size:14px;">Topik: ${escape(inquiry.topic)} · ${escape(INQUIRY_STATUS_LABELS[inquiry.status as InquiryStatus] ?? inquiry.status)}</p>
<p style="margin:0 0 8px;">${paragraphs(inquiry.message)}</p>
<p style="margin:0;"><a href="${escape(inboxLink(brand, inquiry.id))}" style="color:#0f5132;">Buka di kotak masuk</a></p></div>`;
}

const inquiryText = (brand: Brand, inquiry: InquiryForStaff) =>
  `${sender(inquiry)} <${inquiry.email}>\nTopik: ${inquiry.topic}\n\n${inquiry.message}\n\nBuka di kotak masuk: ${inboxLink(brand, inquiry.id)}`;

const STAFF_FOOTER = '<p style="margin:0;">Email ini dikirim ke staf yang tercantum di Pengaturan pesan kolaborasi. Balas dari kotak masuk admin agar balasan tersimpan.</p>';

export function newInquiryEmail(brand: Brand, to: string, inquiry: InquiryForStaff): OutgoingEmail {
  const subject = `Pesan kolaborasi baru: ${inquiry.topic}`;
  return {
    to,
    subject,
    html: layout(brand, subject, `<h1 style="font-size:20px;margin:0 0 16px;">Pesan kolaborasi baru</h1>${inquiryBlock(brand, inquiry)}`, STAFF_FOOTER),
    text: `Pesan kolaborasi baru\n\n${inquiryText(brand, inquiry)}\n\n${textFooter(brand)}`,
  };
}

export function digestEmail(brand: Brand, to: string, inquiries: InquiryForStaff[], day: string): OutgoingEmail {
  const subject = `Ringkasan pesan kolaborasi ${day}: ${inquiries.length} pesan baru`;
  return {
    to,
    subject,
    html: layout(
      brand,
      subject,
      `<h1 style="font-size:20px;margin:0 0 16px;">${inquiries.length} pesan kolaborasi baru</h1>${inquiries.map((inquiry) => inquiryBlock(brand, inquiry)).join('\n')}`,
      STAFF_FOOTER,
    ),
    text: `${inquiries.length} pesan kolaborasi baru\n\n${inquiries.map((inquiry) => inquiryText(brand, inquiry)).join('\n\n---\n\n')}\n\n${textFooter(brand)}`,
  };
}

export function replyEmail(brand: Brand, inquiry: InquiryForStaff, body: string): OutgoingEmail {
  const subject = `Balasan untuk pesan Anda: ${inquiry.topic}`;
  const quoted = inquiry.message.split('\n').map((line) => `> ${line}`).join('\n');
  return {
    to: inquiry.email,
    subject,
    html: layout(
      brand,
      subject,
      `<p>Halo ${escape(inquiry.name)},</p><p>${paragraphs(body)}</p>
<blockquote style="margin:24px 0 0;padding:8px 16px;border-left:3px solid #dfe7e2;color:#56675d;font-size:14px;">${paragraphs(inquiry.message)}</blockquote>`,
      `<p style="margin:0;">Anda menerima email ini karena mengirim pesan melalui formulir Kolaborasi di situs kami.</p>`,
    ),
    text: `Halo ${inquiry.name},\n\n${body}\n\n${quoted}\n\n${textFooter(brand)}`,
  };
}
