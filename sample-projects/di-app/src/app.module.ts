import { ConsoleLogger } from "./core/logger.js";
import { Module, resolve } from "./core/di.js";
import { SmtpNotifier } from "./mail/mailers.js";
import { OrderRepository, OrderService } from "./orders/order-service.js";
import { UserRepository } from "./users/user-repository.js";
import { UserService } from "./users/user-service.js";

@Module({
  providers: [
    UserRepository,
    UserService,
    OrderRepository,
    OrderService,
    { provide: "logger", useClass: ConsoleLogger },
    { provide: "notifier", useClass: SmtpNotifier },
  ],
})
export class AppModule {}

export function bootstrap(): OrderService {
  const service = resolve(OrderService);
  resolve(UserService).register("admin@example.com", "admin");
  return service;
}
