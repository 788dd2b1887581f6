import type { User } from '@shared/types';
import { InMemoryRepository } from './repository';

export class UserRepository extends InMemoryRepository<User> {
  findByEmail(email: string): User | undefined {
    return this.findAll().find((user) => user.email === email);
  }

  protected beforeSave(user: User): User {
    return { ...user, email: user.email.toLowerCase() };
  }
}
