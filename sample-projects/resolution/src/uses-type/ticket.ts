// expect: IMPORTS src/uses-type/ticket.ts -> src/uses-type/priority.ts
// expect: USES_TYPE src/uses-type/ticket.ts:Ticket.priority -> src/uses-type/priority.ts:Priority

import { Priority } from './priority';

export class Ticket {
  priority: Priority;
  readonly title: string;

  constructor(title: string) {
    this.title = title;
    this.priority = Priority.Normal;
  }

  escalate(): void {
    this.priority = Priority.Urgent;
  }
}
