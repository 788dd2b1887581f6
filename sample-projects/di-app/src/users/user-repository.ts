import { Injectable } from "../core/di.js";
import { Repository } from "../core/repository.js";
import type { User } from "./user.js";

@Injectable()
export class UserRepository extends Repository<User> {
  tableName(): string {
    return "users";
  }

  findByEmail(email: string): User | undefined {
    for (const user of this.rows.values()) if (user.email === email) return user;
    return undefined;
  }

  protected override validate(row: User): void {
    super.validate(row);
    if (!row.email.includes("@")) throw new Error("users: bad email");
  }
}
