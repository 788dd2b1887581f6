export type Listener<S> = (state: S) => void;

/** Minimal observable state container. */
export class Store<S> {
  private readonly listeners = new Set<Listener<S>>();

  constructor(protected state: S) {}

  getState(): S {
    return this.state;
  }

  subscribe(listener: Listener<S>): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  protected setState(next: S): void {
    this.state = next;
    this.listeners.forEach((listener) => listener(next));
  }
}
