/**
 * What a newsletter sign-up answers, in the language of the page it came from; the admin's
 * subscriber import reads them in Indonesian.
 */
import type { InquiryLanguage } from '../contract/inquiry.ts';

export interface SignUpMessages {
  success: string;
  invalid: string;
  tooLong: string;
  badCharacters: string;
  mailFailed: string;
  retry: string;
  limited: (minutes: number) => string;
}

export const SIGNUP_MESSAGES: Record<InquiryLanguage, SignUpMessages> = {
  id: {
    success: 'Terima kasih telah berlangganan! Silakan periksa email Anda.',
    invalid: 'Masukkan alamat email yang valid.',
    tooLong: 'Alamat email ini terlalu panjang (maksimal 254 karakter).',
    badCharacters: 'Alamat email ini memuat karakter yang tidak diizinkan.',
    mailFailed: 'Email konfirmasi belum dapat dikirim. Silakan coba lagi nanti.',
    retry: 'Terjadi kesalahan. Silakan coba lagi.',
    limited: (minutes) => `Terlalu banyak percobaan pendaftaran. Silakan coba lagi dalam ${minutes} menit.`,
  },
  en: {
    success: 'Thank you for subscribing! Please check your email.',
    invalid: 'Please enter a valid email address.',
    tooLong: 'This email address is too long (at most 254 characters).',
    badCharacters: 'This email address contains characters that are not allowed.',
    mailFailed: 'We could not send the confirmation email. Please try again later.',
    retry: 'Something went wrong. Please try again.',
    limited: (minutes) => `Too many sign-up attempts. Please try again in ${minutes} minutes.`,
  },
};
