/** How long a stop may take before the process ends anyway. */
export const GRACE_MS = 15_000;

type Close = () => Promise<unknown> | unknown;

/**
 * SIGTERM and SIGINT (systemd, a container runtime, Ctrl-C, `npm start` passing them on) stop the
 * process cleanly and exit 0: what was opened is closed in reverse order (the app first: it stops
 * accepting, answers its held long polls and lets requests in flight finish; then the database).
 * After GRACE_MS the process exits 1 whatever is still running.
 */
export class Stopper {
  private readonly closers: Close[] = [];
  private signal?: string;
  private critical = 0;
  private stopping?: Promise<never>;

  constructor() {
    for (const name of ['SIGTERM', 'SIGINT'] as const) process.on(name, () => this.request(name));
  }

  /** What to close on a stop (closed last-registered first). */
  onStop(close: Close): void {
    this.closers.push(close);
  }

  /** A step a stop must not cut in half (migrations): a signal meanwhile stops the process once it is done. */
  async whole<T>(step: () => Promise<T>): Promise<T> {
    this.critical++;
    try {
      return await step();
    } finally {
      this.critical--;
      if (this.signal && this.critical === 0) await this.stop();
    }
  }

  private request(name: string): void {
    // Ctrl-C reaches the server twice (from the terminal and from npm): one stop.
    if (this.signal) return;
    this.signal = name;
    process.stdout.write(`收到 ${name}，正在停止：不再接受新请求，等待进行中的请求完成…\n`);
    // Not unref'd: it also keeps the process alive until the closing is done, whatever the closing waits on.
    setTimeout(() => {
      process.stderr.write(`停止超时（${GRACE_MS / 1000} 秒），强制退出\n`);
      process.exit(1);
    }, GRACE_MS);
    if (this.critical === 0) void this.stop();
  }

  private stop(): Promise<never> {
    this.stopping ??= this.closeAll();
    return this.stopping;
  }

  private async closeAll(): Promise<never> {
    for (const close of [...this.closers].reverse()) {
      try {
        await close();
      } catch (error) {
        process.stderr.write(`停止时出错：${(error as Error)?.message ?? String(error)}\n`);
      }
    }
    process.stdout.write('已停止\n');
    process.exit(0);
  }
}
