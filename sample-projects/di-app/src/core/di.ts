export type Constructor<T = unknown> = new (...args: never[]) => T;

export interface ClassProvider {
  readonly provide: Constructor | string;
  readonly useClass: Constructor;
}

export type Provider = Constructor | ClassProvider;

export interface ModuleOptions {
  readonly providers: readonly Provider[];
  readonly imports?: readonly Constructor[];
}

const registry = new Map<Constructor | string, Constructor>();

export function Injectable(): ClassDecorator {
  return (target) => {
    registry.set(target as unknown as Constructor, target as unknown as Constructor);
  };
}

export function Module(options: ModuleOptions): ClassDecorator {
  return () => {
    for (const provider of options.providers) registerProvider(provider);
  };
}

export function Inject(token: string): ParameterDecorator {
  return () => {
    registry.get(token);
  };
}

export function registerProvider(provider: Provider): void {
  if (typeof provider === "function") registry.set(provider, provider);
  else registry.set(provider.provide, provider.useClass);
}

export function resolve<T>(token: Constructor<T> | string): T {
  const found = registry.get(token);
  if (found === undefined) throw new Error(`no provider for ${String(token)}`);
  return new found() as T;
}
