import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * Authenticated encryption (AES-256-GCM) of small secrets stored in the
 * database, under a key derived (HKDF-SHA256) from a configured passphrase.
 * A sealed value is `v1:<base64url of iv | tag | ciphertext>`; tampering or a
 * different passphrase makes `open` throw.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(passphrase: string, purpose: string) {
    this.key = Buffer.from(hkdfSync('sha256', passphrase, 'chat-secret-box', purpose, 32));
  }

  seal(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
  }

  open(sealed: string): string {
    const [version, packed] = sealed.split(':');
    if (version !== VERSION || !packed) throw new Error('not a sealed value');
    const raw = Buffer.from(packed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }
}
