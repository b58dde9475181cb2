/**
 * A software passkey authenticator for API tests: it answers registration and sign-in options
 * as a browser with a platform authenticator would (P-256 keys, "none" attestation, user
 * verified, a discoverable credential), on the origin a test names.
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

export class SoftAuthenticator {
  readonly credentials: StoredCredential[] = [];

  /** Answers registration options (as the server sent them) on `origin`. */
  create(options: { challenge: string; rp: { id?: string }; user: { id: string } }, origin: string) {
    const rpId = options.rp.id ?? new URL(origin).hostname;
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
    const id = randomBytes(16);
    const credential: StoredCredential = { id, rpId, userHandle: options.user.id, privateKey, counter: 0 };
    this.credentials.push(credential);
    const idLength = Buffer.from([0, id.length]);
    const authData = Buffer.concat([sha256(rpId), Buffer.from([FLAGS.present | FLAGS.verified | FLAGS.attested]), counterBytes(0), Buffer.alloc(16), idLength, id, coseKey]);
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
    const authData = Buffer.concat([sha256(options.rpId ?? credential.rpId), Buffer.from([FLAGS.present | FLAGS.verified]), counterBytes(signCount)]);
    const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin, crossOrigin: false }));
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
    return {
      id: base64url(credential.id),
      rawId: base64url(credential.id),
      type: 'public-key',
      response: { clientDataJSON: base64url(clientDataJSON), authenticatorData: base64url(authData), signature: base64url(signature), userHandle: credential.userHandle },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
