import { SilentLogger } from "../core/logger.js";
import { InMemoryNotifier } from "../mail/mailers.js";
import { UserRepository } from "./user-repository.js";
import { UserService } from "./user-service.js";

export function registersAUser(): boolean {
  const service = new UserService(new UserRepository(), new SilentLogger(), new InMemoryNotifier());
  return service.register("a@b.c", "A").email === "a@b.c";
}
