/** The gateway's notion of now. Tests move it with POST /__mock/clock to expire tokens and
 * sessions without waiting. */
export class Clock {
  private offsetMs = 0;
  now(): number {
    return Date.now() + this.offsetMs;
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
  reset(): void {
    this.offsetMs = 0;
  }
  iso(): string {
    return new Date(this.now()).toISOString();
  }
}
