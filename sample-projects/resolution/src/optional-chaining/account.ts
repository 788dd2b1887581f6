// expect: CALLS src/optional-chaining/account.ts:greeting -> src/optional-chaining/account.ts:Profile.displayName
// expect: CALLS src/optional-chaining/account.ts:close -> src/optional-chaining/account.ts:Account.notify
// expect: CALLS src/optional-chaining/account.ts:close -> src/optional-chaining/account.ts:Account.archive
// expect-not: CALLS src/optional-chaining/account.ts:close -> src/optional-chaining/account.ts:Mailer.notify

export class Profile {
  constructor(private readonly first: string, private readonly last: string) {}

  displayName(): string {
    return `${this.first} ${this.last}`;
  }
}

export class Account {
  owner?: Profile;

  /** Optional hook: only some accounts are wired to a notifier. */
  notify?(message: string): void {
    this.log.push(message);
  }

  private readonly log: string[] = [];

  archive(): boolean {
    return true;
  }
}

export class Mailer {
  notify(message: string): void {
    void message;
  }
}

export function greeting(account: Account | undefined): string {
  return account?.owner?.displayName() ?? 'guest';
}

export function close(account: Account | null): boolean {
  account?.notify?.('closing account');
  return account?.archive() ?? false;
}
