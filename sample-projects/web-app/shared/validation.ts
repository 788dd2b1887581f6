import { err, ok, type Result } from './result';
import type { CartLine, Credentials } from './types';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const TOKEN_PATTERN = /^[a-f0-9]{32}\.[0-9]+$/;

export function validateEmail(email: string): Result<string> {
  const trimmed = email.trim().toLowerCase();
  return EMAIL_PATTERN.test(trimmed) ? ok(trimmed) : err(`invalid email: ${email}`);
}

export function validatePassword(password: string): Result<string> {
  if (password.length < 8) {
    return err('password must be at least 8 characters');
  }
  if (!/[0-9]/.test(password)) {
    return err('password must contain a digit');
  }
  return ok(password);
}

/** Validates both fields of a login form; returns the normalised credentials. */
export function validateCredentials(input: Credentials): Result<Credentials> {
  const email = validateEmail(input.email);
  if (!email.ok) {
    return email;
  }
  const password = validatePassword(input.password);
  if (!password.ok) {
    return password;
  }
  return ok({ email: email.value, password: password.value });
}

/**
 * Returns the expiry timestamp encoded in a session token, or an error when the
 * token is malformed or already expired at `now`.
 */
export function validateToken(token: string, now: number = Date.now()): Result<number> {
  if (!TOKEN_PATTERN.test(token)) {
    return err('malformed token');
  }
  const expiresAt = Number(token.split('.')[1]);
  return expiresAt > now ? ok(expiresAt) : err('token expired');
}

export function validateCartLine(line: CartLine): Result<CartLine> {
  if (!Number.isInteger(line.quantity) || line.quantity <= 0) {
    return err(`invalid quantity for ${line.productId}`);
  }
  return ok(line);
}
