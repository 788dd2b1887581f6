import type { User } from "../users/user.js";

export interface Notifier {
  notify(user: User, template: string): void;
}

export abstract class QueuedNotifier implements Notifier {
  protected readonly queue: string[] = [];

  notify(user: User, template: string): void {
    this.queue.push(this.render(user, template));
    this.flush();
  }

  protected abstract render(user: User, template: string): string;

  abstract flush(): void;
}
