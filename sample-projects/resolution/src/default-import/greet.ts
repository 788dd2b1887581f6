/** Returns a friendly greeting. Default-exported named function. */
export default function greet(name: string): string {
  return `Hello, ${name}!`;
}
