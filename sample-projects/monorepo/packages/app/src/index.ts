import { renderIndex } from './main';

export { renderIndex };

export function run(print: (text: string) => void): void {
  print(renderIndex());
}
