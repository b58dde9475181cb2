/** Passkeys in the browser (SimpleWebAuthn) and the factor endpoints, with their failures in the admin's words. */
import type { SessionUser } from '@cms/worker/contract/api';
import type { PasskeySummary } from '@cms/worker/contract/factors';
import { startAuthentication, startRegistration, WebAuthnError, type PublicKeyCredentialCreationOptionsJSON, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { sendJson } from '../api/client.ts';
import { RequestFailure } from '../api/messages.ts';

/** What a failed factor request says to the user: the API's message, or what the browser refused. */
export function factorError(failure: unknown): string {
  if (failure instanceof RequestFailure) return failure.body?.message || 'Permintaan gagal. Silakan coba lagi.';
  if (failure instanceof WebAuthnError) {
    if (failure.code === 'ERROR_INVALID_DOMAIN' || failure.code === 'ERROR_INVALID_RP_ID') return 'Passkey hanya dapat dipakai di alamat situs ini yang memakai nama domain (misalnya localhost), bukan alamat IP.';
    if (failure.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return 'Perangkat ini sudah menyimpan passkey untuk akun Anda.';
  }
  if (failure instanceof Error && (failure.name === 'NotAllowedError' || failure.name === 'AbortError')) return 'Passkey dibatalkan atau waktunya habis. Silakan coba lagi.';
  return 'Terjadi kesalahan jaringan. Silakan coba lagi.';
}

/** Creates a passkey on this device and registers it (during sign-in enrolment too). */
export async function registerPasskey(name: string) {
  const { data: optionsJSON } = await sendJson<PublicKeyCredentialCreationOptionsJSON>('POST', '/auth/factors/passkeys/options');
  const response = await startRegistration({ optionsJSON });
  return (await sendJson<PasskeySummary & { signedIn: boolean }>('POST', '/auth/factors/passkeys', { response, name })).data;
}

/** Signs in with a passkey: any of this site's when nobody is named yet, the user's own during a second step. */
export async function signInWithPasskey() {
  const { data: optionsJSON } = await sendJson<PublicKeyCredentialRequestOptionsJSON>('POST', '/auth/passkey/options');
  const response = await startAuthentication({ optionsJSON });
  return (await sendJson<SessionUser>('POST', '/auth/passkey/login', { response })).data;
}
