// expect: CALLS src/this-call/audit.ts:AuditTrail.record -> src/this-call/audit.ts:AuditTrail.log
// expect-not: CALLS src/this-call/audit.ts:AuditTrail.record -> src/this-call/counter.ts:Counter.log

/** Unrelated class that also has a `log` method (name-collision trap). */
export class AuditTrail {
  private readonly entries: string[] = [];

  record(action: string, actor: string): void {
    this.log(`${actor}: ${action}`);
  }

  log(entry: string): void {
    this.entries.push(entry);
  }

  size(): number {
    return this.entries.length;
  }
}
