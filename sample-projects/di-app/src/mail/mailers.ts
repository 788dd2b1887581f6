import { Inject, Injectable } from "../core/di.js";
import type { Logger } from "../core/logger.js";
import { displayName, type User } from "../users/user.js";
import { QueuedNotifier } from "./notifier.js";

@Injectable()
export class SmtpNotifier extends QueuedNotifier {
  constructor(@Inject("logger") private readonly logger: Logger) {
    super();
  }

  protected render(user: User, template: string): string {
    return `${template}: ${displayName(user)} <${user.email}>`;
  }

  flush(): void {
    for (const message of this.queue.splice(0)) this.logger.info(`smtp ${message}`);
  }
}

@Injectable()
export class InMemoryNotifier extends QueuedNotifier {
  readonly sent: string[] = [];

  protected render(user: User, template: string): string {
    return `${template} ${user.id}`;
  }

  flush(): void {
    this.sent.push(...this.queue.splice(0));
  }
}

export class DigestNotifier extends InMemoryNotifier {
  override flush(): void {
    if (this.queue.length >= 10) super.flush();
  }
}
