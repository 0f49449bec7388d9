/** A minimal typed event emitter (no Node `events` import: the SDK runs in browsers and React Native too). */
export class Emitter<Events extends { [K in keyof Events]: unknown[] }> {
  private readonly handlers: { [K in keyof Events]?: Set<(...args: Events[K]) => void> } = {};

  /** Calls `fn` on every `event`; returns the function that stops it. */
  on<K extends keyof Events>(event: K, fn: (...args: Events[K]) => void): () => void {
    const set = this.handlers[event] ?? new Set<(...args: Events[K]) => void>();
    this.handlers[event] = set;
    set.add(fn);
    return () => {
      set.delete(fn);
    };
  }

  emit<K extends keyof Events>(event: K, ...args: Events[K]): void {
    for (const fn of [...(this.handlers[event] ?? [])]) {
      try {
        fn(...args);
      } catch (err) {
        // A listener's failure must not stop delivery to the others, nor the connection: report it apart.
        queueMicrotask(() => {
          throw err;
        });
      }
    }
  }

  /** For payloads typed elsewhere (a socket's `onAny`): the caller vouches that `args` fit `event`. */
  emitUnchecked(event: keyof Events, args: readonly unknown[]): void {
    this.emit(event, ...(args as Events[typeof event]));
  }
}
