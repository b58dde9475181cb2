/**
 * The WebAuthn relying-party steps passkeys need, on WebCrypto: options for the browser, and
 * checks of what it answers. Attestation is "none": a new passkey is trusted because a signed-in
 * user adds it through a single-use challenge, so any attestation statement is ignored rather
 * than parsed (no certificate code in the worker). Public keys are kept as the authenticator
 * sent them (COSE), so passkeys stored before keep working.
 */

/** COSE algorithms offered, most preferred first: Ed25519, ES256 (P-256), RS256. */
const SUPPORTED_ALGORITHMS = [-8, -7, -257] as const;
const OPTIONS_TIMEOUT_MS = 60_000;

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_CREDENTIAL = 0x40;

export interface CredentialDescriptor {
  id: string;
  transports?: string[];
}

/** A check failed; `reason` says which (in English, for logs and tests, never shown to users). */
export class WebAuthnError extends Error {
  readonly reason: 'unreadable' | 'client-data' | 'rp-id' | 'user' | 'credential' | 'signature' | 'counter';

  constructor(reason: WebAuthnError['reason']) {
    super(`WebAuthn check failed: ${reason}`);
    this.reason = reason;
  }
}

export const toBase64url = (bytes: Uint8Array) => {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

export const fromBase64url = (text: string): Uint8Array<ArrayBuffer> => {
  try {
    return Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (ch) => ch.charCodeAt(0));
  } catch {
    throw new WebAuthnError('unreadable');
  }
};

const newChallenge = () => toBase64url(crypto.getRandomValues(new Uint8Array(32)));

/** Options for `navigator.credentials.create()`: a discoverable credential the user verifies. */
export function registrationOptions(input: {
  rp: { id: string; name: string };
  user: { id: Uint8Array; name: string; displayName: string };
  excludeCredentials: CredentialDescriptor[];
}) {
  return {
    challenge: newChallenge(),
    rp: { name: input.rp.name, id: input.rp.id },
    user: { id: toBase64url(input.user.id), name: input.user.name, displayName: input.user.displayName },
    pubKeyCredParams: SUPPORTED_ALGORITHMS.map((alg) => ({ alg, type: 'public-key' as const })),
    timeout: OPTIONS_TIMEOUT_MS,
    attestation: 'none' as const,
    excludeCredentials: input.excludeCredentials.map((credential) => ({ ...credential, type: 'public-key' as const })),
    authenticatorSelection: { residentKey: 'required' as const, requireResidentKey: true, userVerification: 'required' as const },
    extensions: { credProps: true },
    hints: [],
  };
}

/** Options for `navigator.credentials.get()`: any discoverable passkey, or only `allowCredentials`. */
export function authenticationOptions(input: { rpId: string; allowCredentials: CredentialDescriptor[] }) {
  return {
    rpId: input.rpId,
    challenge: newChallenge(),
    allowCredentials: input.allowCredentials.map((credential) => ({ ...credential, type: 'public-key' as const })),
    timeout: OPTIONS_TIMEOUT_MS,
    userVerification: 'required' as const,
  };
}

type CborValue = number | string | boolean | null | Uint8Array | CborValue[] | Map<CborValue, CborValue>;

/** Attestation objects and COSE keys nest three levels at most; a deeper item is hostile. */
const CBOR_MAX_DEPTH = 8;

/** Decodes one CBOR item at `offset` (the subset WebAuthn uses: no tags, floats or indefinite lengths). */
function decodeCbor(bytes: Uint8Array, offset = 0, depth = 0): { value: CborValue; end: number } {
  if (depth > CBOR_MAX_DEPTH) throw new WebAuthnError('unreadable');
  const need = (count: number) => {
    if (offset + count > bytes.length) throw new WebAuthnError('unreadable');
  };
  need(1);
  const initial = bytes[offset++]!;
  const major = initial >> 5;
  const info = initial & 31;
  let argument: number;
  if (info < 24) argument = info;
  else if (info <= 26) {
    const size = 1 << (info - 24);
    need(size);
    argument = 0;
    for (let i = 0; i < size; i++) argument = argument * 256 + bytes[offset++]!;
  } else throw new WebAuthnError('unreadable');
  switch (major) {
    case 0:
      return { value: argument, end: offset };
    case 1:
      return { value: -1 - argument, end: offset };
    case 2:
    case 3: {
      need(argument);
      const slice = bytes.slice(offset, offset + argument);
      return { value: major === 2 ? slice : new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(slice), end: offset + argument };
    }
    case 4: {
      const items: CborValue[] = [];
      for (let i = 0; i < argument; i++) {
        const item = decodeCbor(bytes, offset, depth + 1);
        items.push(item.value);
        offset = item.end;
      }
      return { value: items, end: offset };
    }
    case 5: {
      const map = new Map<CborValue, CborValue>();
      for (let i = 0; i < argument; i++) {
        const key = decodeCbor(bytes, offset, depth + 1);
        const value = decodeCbor(bytes, key.end, depth + 1);
        map.set(key.value, value.value);
        offset = value.end;
      }
      return { value: map, end: offset };
    }
    case 7:
      if (info === 20 || info === 21) return { value: info === 21, end: offset };
      if (info === 22) return { value: null, end: offset };
  }
  throw new WebAuthnError('unreadable');
}

interface AuthenticatorData {
  bytes: Uint8Array<ArrayBuffer>;
  rpIdHash: Uint8Array;
  flags: number;
  counter: number;
  credential?: { id: Uint8Array; publicKey: Uint8Array };
}

function parseAuthenticatorData(bytes: Uint8Array<ArrayBuffer>): AuthenticatorData {
  if (bytes.length < 37) throw new WebAuthnError('unreadable');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const flags = bytes[32]!;
  const data: AuthenticatorData = { bytes, rpIdHash: bytes.slice(0, 32), flags, counter: view.getUint32(33) };
  if (flags & FLAG_ATTESTED_CREDENTIAL) {
    if (bytes.length < 55) throw new WebAuthnError('unreadable');
    const idEnd = 55 + view.getUint16(53);
    if (idEnd > bytes.length) throw new WebAuthnError('unreadable');
    const key = decodeCbor(bytes, idEnd);
    data.credential = { id: bytes.slice(55, idEnd), publicKey: bytes.slice(idEnd, key.end) };
  }
  return data;
}

const sha256 = async (data: Uint8Array) => new Uint8Array(await crypto.subtle.digest('SHA-256', new Uint8Array(data)));

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, i) => byte === b[i]);

function checkClientData(clientDataJSON: Uint8Array, type: 'webauthn.create' | 'webauthn.get', expected: { challenge: string; origin: string }) {
  let data: { type?: unknown; challenge?: unknown; origin?: unknown };
  try {
    data = JSON.parse(new TextDecoder().decode(clientDataJSON)) as typeof data;
  } catch {
    throw new WebAuthnError('unreadable');
  }
  if (data.type !== type || data.challenge !== expected.challenge || data.origin !== expected.origin) throw new WebAuthnError('client-data');
}

/** The relying party's hash, then presence and verification of the user. */
async function checkAuthenticator(data: AuthenticatorData, rpId: string) {
  if (!sameBytes(data.rpIdHash, await sha256(new TextEncoder().encode(rpId)))) throw new WebAuthnError('rp-id');
  if (!(data.flags & FLAG_USER_PRESENT) || !(data.flags & FLAG_USER_VERIFIED)) throw new WebAuthnError('user');
}

interface VerifyingKey {
  key: CryptoKey;
  algorithm: Parameters<SubtleCrypto['verify']>[0];
  /** ECDSA signatures come DER-encoded; WebCrypto takes r and s side by side, this long each. */
  ecdsaPartLength?: number;
}

/** A COSE public key (one of the offered algorithms) as a WebCrypto key. */
async function importCoseKey(cose: Uint8Array): Promise<VerifyingKey> {
  const { value: map } = decodeCbor(cose);
  if (!(map instanceof Map)) throw new WebAuthnError('credential');
  const bytesAt = (label: number) => {
    const value = map.get(label);
    if (!(value instanceof Uint8Array)) throw new WebAuthnError('credential');
    return toBase64url(value);
  };
  const kty = map.get(1);
  const alg = map.get(3);
  try {
    if (alg === -7 && kty === 2 && map.get(-1) === 1) {
      const jwk = { kty: 'EC', crv: 'P-256', x: bytesAt(-2), y: bytesAt(-3) };
      const key = await crypto.subtle.importKey('jwk', jwk, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
      return { key, algorithm: { name: 'ECDSA', hash: 'SHA-256' }, ecdsaPartLength: 32 };
    }
    if (alg === -8 && kty === 1 && map.get(-1) === 6) {
      const key = await crypto.subtle.importKey('jwk', { kty: 'OKP', crv: 'Ed25519', x: bytesAt(-2) }, { name: 'Ed25519' }, false, ['verify']);
      return { key, algorithm: { name: 'Ed25519' } };
    }
    if (alg === -257 && kty === 3) {
      const jwk = { kty: 'RSA', n: bytesAt(-1), e: bytesAt(-2) };
      const key = await crypto.subtle.importKey('jwk', jwk, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, ['verify']);
      return { key, algorithm: { name: 'RSASSA-PKCS1-v1_5' } };
    }
  } catch (error) {
    if (error instanceof WebAuthnError) throw error;
  }
  throw new WebAuthnError('credential');
}

/** DER `SEQUENCE { INTEGER r, INTEGER s }` to r and s, each left-padded to `length` bytes. */
function ecdsaDerToRaw(der: Uint8Array, length: number): Uint8Array<ArrayBuffer> {
  const raw = new Uint8Array(length * 2);
  if (der[0] !== 0x30) throw new WebAuthnError('signature');
  let offset = der[1]! & 0x80 ? 2 + (der[1]! & 0x7f) : 2;
  for (const part of [0, 1]) {
    const size = der[offset + 1];
    if (der[offset] !== 0x02 || size === undefined) throw new WebAuthnError('signature');
    let integer = der.slice(offset + 2, offset + 2 + size);
    offset += 2 + size;
    while (integer.length > length && integer[0] === 0) integer = integer.slice(1);
    if (integer.length > length || offset > der.length) throw new WebAuthnError('signature');
    raw.set(integer, part * length + length - integer.length);
  }
  return raw;
}

/**
 * Checks a new credential's answer: its client data (type, challenge, origin), relying party,
 * user verification and public key. Answers the credential to store.
 */
export async function verifyRegistrationResponse(
  response: { id: string; response: { clientDataJSON: string; attestationObject: string } },
  expected: { challenge: string; origin: string; rpId: string },
): Promise<{ id: string; publicKey: Uint8Array; counter: number }> {
  checkClientData(fromBase64url(response.response.clientDataJSON), 'webauthn.create', expected);
  const { value: attestation } = decodeCbor(fromBase64url(response.response.attestationObject));
  const authData = attestation instanceof Map ? attestation.get('authData') : undefined;
  if (!(authData instanceof Uint8Array)) throw new WebAuthnError('unreadable');
  const data = parseAuthenticatorData(new Uint8Array(authData));
  await checkAuthenticator(data, expected.rpId);
  if (!data.credential) throw new WebAuthnError('credential');
  const id = toBase64url(data.credential.id);
  if (id !== response.id) throw new WebAuthnError('credential');
  await importCoseKey(data.credential.publicKey);
  return { id, publicKey: data.credential.publicKey, counter: data.counter };
}

/**
 * Checks a sign-in answer against the stored credential: client data, relying party, user
 * verification, signature, and a signature counter that grows (when the authenticator keeps one).
 * Answers the new counter.
 */
export async function verifyAuthenticationResponse(
  response: { response: { clientDataJSON: string; authenticatorData: string; signature: string } },
  expected: { challenge: string; origin: string; rpId: string },
  credential: { publicKey: Uint8Array; counter: number },
): Promise<{ newCounter: number }> {
  const clientDataJSON = fromBase64url(response.response.clientDataJSON);
  checkClientData(clientDataJSON, 'webauthn.get', expected);
  const data = parseAuthenticatorData(fromBase64url(response.response.authenticatorData));
  await checkAuthenticator(data, expected.rpId);
  const verifying = await importCoseKey(credential.publicKey);
  const signed = new Uint8Array([...data.bytes, ...(await sha256(clientDataJSON))]);
  const signature = fromBase64url(response.response.signature);
  const comparable = verifying.ecdsaPartLength ? ecdsaDerToRaw(signature, verifying.ecdsaPartLength) : signature;
  // A signature of the wrong shape may throw rather than fail: either way it is refused.
  const valid = await crypto.subtle.verify(verifying.algorithm, verifying.key, comparable, signed).catch(() => false);
  if (!valid) throw new WebAuthnError('signature');
  // Authenticators without a counter send 0 every time; one that counts must never go back.
  if ((data.counter > 0 || credential.counter > 0) && data.counter <= credential.counter) throw new WebAuthnError('counter');
  return { newCounter: data.counter };
}
