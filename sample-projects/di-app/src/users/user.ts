import type { Entity } from "../core/repository.js";

export interface User extends Entity {
  readonly email: string;
  readonly name: string;
}

export function displayName(user: User): string {
  return user.name === "" ? user.email : user.name;
}
