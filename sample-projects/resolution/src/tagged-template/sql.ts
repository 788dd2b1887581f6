export interface Query {
  text: string;
  values: unknown[];
}

/** Tag function: turns a template literal into a parameterised query. */
export function sql(strings: TemplateStringsArray, ...values: unknown[]): Query {
  const text = strings.reduce((acc, part, index) => `${acc}$${index}${part}`);
  return { text, values };
}
