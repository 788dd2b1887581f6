// expect: CALLS src/callbacks/emitter.ts:Editor.attach -> src/callbacks/emitter.ts:Emitter.on
// expect: REFERENCES src/callbacks/emitter.ts:Editor.attach -> src/callbacks/emitter.ts:Editor.handle

type Listener = (payload: string) => void;

export class Emitter {
  private readonly listeners = new Map<string, Listener[]>();

  on(event: string, listener: Listener): void {
    const list = this.listeners.get(event) ?? [];
    list.push(listener);
    this.listeners.set(event, list);
  }

  emit(event: string, payload: string): void {
    this.listeners.get(event)?.forEach((listener) => listener(payload));
  }
}

export class Editor {
  private static changes = 0;

  attach(emitter: Emitter): void {
    emitter.on('change', this.handle);
  }

  handle(payload: string): void {
    Editor.changes += payload.length;
  }
}
