import { SilentLogger } from "../core/logger.js";
import { DigestNotifier } from "../mail/mailers.js";
import { UserRepository } from "../users/user-repository.js";
import { UserService } from "../users/user-service.js";
import { OrderRepository, OrderService } from "./order-service.js";

export function placesAnOrder(): boolean {
  const logger = new SilentLogger();
  const notifier = new DigestNotifier();
  const service = new OrderService(new OrderRepository(), new UserService(new UserRepository(), logger, notifier), logger, notifier);
  return service.place({ id: "1", userEmail: "a@b.c", total: 3 }).total === 3;
}
