/**
 * A software passkey authenticator for API tests: it answers registration and sign-in options
 * as a browser with a platform authenticator would ("none" attestation, user verified, a
 * discoverable credential), on the origin a test names. Its keys are P-256 (ES256) unless it is
 * made with Ed25519 (security keys) or RS256 (Windows Hello).
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

type Cbor = number | string | Uint8Array | Cbor[] | Map<Cbor, Cbor>;

/** The CBOR a WebAuthn attestation needs: small maps of ints, text and byte strings. */
function cbor(value: Cbor): Buffer {
  const head = (major: number, length: number) => {
    if (length < 24) return Buffer.from([(major << 5) | length]);
    if (length < 256) return Buffer.from([(major << 5) | 24, length]);
    return Buffer.from([(major << 5) | 25, length >> 8, length & 255]);
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const counterBytes = (counter: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
};

/** User present and user verified; with attested credential data when registering. */
const FLAGS = { present: 0x01, verified: 0x04, attested: 0x40 };

export interface StoredCredential {
  id: Uint8Array;
  rpId: string;
  userHandle: string;
  privateKey: KeyObject;
  counter: number;
}

export type KeyAlgorithm = 'ES256' | 'Ed25519' | 'RS256';

/** A new key pair and its public half as a COSE key. */
function newKey(algorithm: KeyAlgorithm): { privateKey: KeyObject; coseKey: Buffer } {
  if (algorithm === 'Ed25519') {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey = cbor(new Map<Cbor, Cbor>([[1, 1], [3, -8], [-1, 6], [-2, Buffer.from(jwk.x!, 'base64url')]]));
    return { privateKey, coseKey };
  }
  if (algorithm === 'RS256') {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey = cbor(new Map<Cbor, Cbor>([[1, 3], [3, -257], [-1, Buffer.from(jwk.n!, 'base64url')], [-2, Buffer.from(jwk.e!, 'base64url')]]));
    return { privateKey, coseKey };
  }
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const coseKey = cbor(
    new Map<Cbor, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
  return { privateKey, coseKey };
}

export class SoftAuthenticator {
  readonly credentials: StoredCredential[] = [];

  private readonly algorithm: KeyAlgorithm;
  private readonly userVerified: boolean;

  /** `userVerified: false` answers as a key that only checks presence (no PIN or biometrics). */
  constructor(algorithm: KeyAlgorithm = 'ES256', { userVerified = true }: { userVerified?: boolean } = {}) {
    this.algorithm = algorithm;
    this.userVerified = userVerified;
  }

  /** Answers registration options (as the server sent them) on `origin`. */
  create(options: { challenge: string; rp: { id?: string }; user: { id: string } }, origin: string) {
    const rpId = options.rp.id ?? new URL(origin).hostname;
    const { privateKey, coseKey } = newKey(this.algorithm);
    const id = randomBytes(16);
    const credential: StoredCredential = { id, rpId, userHandle: options.user.id, privateKey, counter: 0 };
    this.credentials.push(credential);
    const idLength = Buffer.from([0, id.length]);
    const authData = Buffer.concat([sha256(rpId), Buffer.from([this.flags() | FLAGS.attested]), counterBytes(0), Buffer.alloc(16), idLength, id, coseKey]);
    const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false }));
    const attestationObject = cbor(
      new Map<Cbor, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: base64url(id),
      rawId: base64url(id),
      type: 'public-key',
      response: { clientDataJSON: base64url(clientDataJSON), attestationObject: base64url(attestationObject), transports: ['internal'] },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /**
   * Answers sign-in options with `credential` (the newest by default) on `origin`; its counter
   * goes up by one unless `counter` names the value to sign (a cloned key repeats an old one).
   */
  get(options: { challenge: string; rpId?: string }, origin: string, { credential = this.credentials.at(-1)!, counter }: { credential?: StoredCredential; counter?: number } = {}) {
    const signCount = counter ?? ++credential.counter;
    const authData = Buffer.concat([sha256(options.rpId ?? credential.rpId), Buffer.from([this.flags()]), counterBytes(signCount)]);
    const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin, crossOrigin: false }));
    // Ed25519 hashes internally: node:crypto takes no digest name for it.
    const signature = sign(this.algorithm === 'Ed25519' ? null : 'sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
    return {
      id: base64url(credential.id),
      rawId: base64url(credential.id),
      type: 'public-key',
      response: { clientDataJSON: base64url(clientDataJSON), authenticatorData: base64url(authData), signature: base64url(signature), userHandle: credential.userHandle },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  private flags() {
    return FLAGS.present | (this.userVerified ? FLAGS.verified : 0);
  }
}
