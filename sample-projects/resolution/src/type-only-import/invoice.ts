export interface Invoice {
  number: string;
  amountCents: number;
}
