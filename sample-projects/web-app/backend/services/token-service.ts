import { validateToken } from '@shared/validation';

const SESSION_TTL_MS = 60 * 60 * 1000;

function randomHex(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) {
    out += Math.floor(Math.random() * 16).toString(16);
  }
  return out;
}

/** Issues and checks opaque session tokens of the form `<hex>.<expiry>`. */
export class TokenService {
  private readonly revoked = new Set<string>();

  issue(now: number = Date.now()): { token: string; expiresAt: number } {
    const expiresAt = now + SESSION_TTL_MS;
    return { token: `${randomHex(32)}.${expiresAt}`, expiresAt };
  }

  isValid(token: string): boolean {
    return !this.revoked.has(token) && validateToken(token).ok;
  }

  revoke(token: string): void {
    this.revoked.add(token);
  }
}
