/**
 * One package-manager call at a time per machine: installs and inventory queries
 * all go through one lane, in the order they asked. A failure does not block the next call.
 */
export class Lane {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task, task);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
