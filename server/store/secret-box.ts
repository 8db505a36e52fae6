import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Upstream secrets must be usable (we send them), so they cannot be hashed. They are sealed
 * with AES-256-GCM under a key file kept beside the database (mode 0600), so a copied
 * database file alone reveals no secret.
 */
export class SecretBox {
  private constructor(private readonly key: Buffer) {}

  static forDataDir(dataDir: string): SecretBox {
    const file = join(dataDir, 'secret.key');
    if (!existsSync(file))
      writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
    return SecretBox.fromKey(readFileSync(file, 'utf8').trim());
  }

  /**
   * A short check value of the key (an HMAC of a fixed text, not the key): stored in the
   * database it belongs to, it tells a missing or foreign key file before anything is sealed
   * with the wrong one.
   */
  fingerprint(): string {
    return createHmac('sha256', this.key).update('vendpoint secret.key check').digest('hex').slice(0, 16);
  }

  /** A box from a key exported by keyForThread (a worker thread cannot share the object). */
  static fromKey(base64: string): SecretBox {
    return new SecretBox(Buffer.from(base64, 'base64'));
  }

  /** The key, for this process's own worker thread only: never logged, never sent elsewhere. */
  keyForThread(): string {
    return this.key.toString('base64');
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [
      'v1',
      iv.toString('base64'),
      cipher.getAuthTag().toString('base64'),
      body.toString('base64'),
    ].join('.');
  }

  open(sealed: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1') throw new Error('unknown sealed secret format');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
  }
}
