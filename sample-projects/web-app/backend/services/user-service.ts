import { err, ok, type Result } from '@shared/result';
import { Role, type Credentials, type Session, type User } from '@shared/types';
import { validateCredentials } from '@shared/validation';
import type { UserRepository } from '../repositories/user-repository';
import type { TokenService } from './token-service';

/** Stand-in for a real password hash; good enough for an in-memory sample. */
function hashPassword(password: string): string {
  let hash = 0;
  for (const char of password) {
    hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  }
  return hash.toString(16);
}

export class UserService {
  private readonly passwords = new Map<string, string>();
  private readonly sessions = new Map<string, Session>();

  constructor(
    private readonly users: UserRepository,
    private readonly tokens: TokenService,
  ) {}

  register(input: Credentials, displayName: string): Result<User> {
    const checked = validateCredentials(input);
    if (!checked.ok) {
      return checked;
    }
    if (this.users.findByEmail(checked.value.email)) {
      return err('email already registered');
    }
    const user: User = {
      id: `u${this.users.findAll().length + 1}`,
      email: checked.value.email,
      displayName,
      role: Role.Customer,
    };
    this.passwords.set(user.id, hashPassword(checked.value.password));
    return ok(this.users.save(user));
  }

  /** Returns a new session when the credentials match a registered user. */
  login(input: Credentials): Result<Session> {
    const user = this.users.findByEmail(input.email.trim().toLowerCase());
    if (!user || this.passwords.get(user.id) !== hashPassword(input.password)) {
      return err('invalid credentials');
    }
    const { token, expiresAt } = this.tokens.issue();
    const session: Session = { token, user, expiresAt };
    this.sessions.set(token, session);
    return ok(session);
  }

  logout(token: string): void {
    this.tokens.revoke(token);
    this.sessions.delete(token);
  }

  userForToken(token: string): User | undefined {
    return this.tokens.isValid(token) ? this.sessions.get(token)?.user : undefined;
  }
}
