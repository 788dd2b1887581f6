import { Injectable } from "../core/di.js";
import type { Logger } from "../core/logger.js";
import type { Notifier } from "../mail/notifier.js";
import { displayName, type User } from "./user.js";
import { UserRepository } from "./user-repository.js";

@Injectable()
export class UserService {
  constructor(
    private readonly users: UserRepository,
    private readonly logger: Logger,
    private readonly notifier: Notifier,
  ) {}

  register(email: string, name: string): User {
    const user = this.users.save({ id: email, email, name });
    this.logger.info(`registered ${displayName(user)}`);
    this.notifier.notify(user, "welcome");
    return user;
  }

  rename(email: string, name: string): User {
    const existing = this.users.findByEmail(email);
    if (existing === undefined) {
      this.logger.error(`no user ${email}`);
      throw new Error("unknown user");
    }
    return this.users.save({ ...existing, name });
  }
}
