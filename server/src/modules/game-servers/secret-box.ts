// Encrypts pool servers' rcon passwords at rest: AES-256-GCM with a key derived (scrypt) from the configured
// secret (`GAME_SERVER_SECRET_KEY`). Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url). A database dump
// alone does not give anyone rcon; a wrong key fails loudly instead of yielding garbage.
import crypto from 'node:crypto';

export class SecretBox {
  private readonly key: Buffer;

  constructor(secret: string) {
    if (secret.length < 16) throw new Error('The game server secret key must be at least 16 characters.');
    this.key = crypto.scryptSync(secret, 'versus:game-server-rcon:v1', 32);
  }

  seal(plain: string): string {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), body]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  open(sealed: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Not a sealed secret.');
    const decipher = crypto.createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }
}
