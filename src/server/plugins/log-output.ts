import { fstatSync, writeSync } from "node:fs";

/**
 * Log lines for a file descriptor, gathered for one turn of the event loop and written together
 * by one synchronous write at its end (setImmediate), in the order they were logged. Pino's
 * default destination makes one write(2) per line: with one line per request, a replica under
 * load spent about a quarter of its CPU on its request log (docs/benchmarks.md, 2026-11-28);
 * gathered, the requests answered in one turn share one write. Lines still gathered when the
 * process exits (process.exit, an uncaught exception) are written first, so none is lost then;
 * only a SIGKILL can lose the lines of the turn it interrupts.
 */
export class BatchedLogOutput {
  private lines: string[] = [];
  private scheduled = false;

  constructor(
    private readonly fd: number,
    private readonly writeOut: (fd: number, text: string) => void = writeAll,
  ) {}

  write(line: string): boolean {
    this.lines.push(line);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
    return true;
  }

  /** Writes every gathered line now. */
  flush(): void {
    this.scheduled = false;
    if (this.lines.length === 0) return;
    const text = this.lines.join("");
    this.lines = [];
    try {
      this.writeOut(this.fd, text);
    } catch {
      // As pino's own destination: a log that cannot be written does not stop the server.
    }
  }
}

/** Writes every byte of `text` (a write may take fewer bytes than it was given). */
function writeAll(fd: number, text: string) {
  const bytes = Buffer.from(text);
  for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done);
}

let stdoutOutput: BatchedLogOutput | null | undefined;

/**
 * The server's log destination: standard output gathered per turn (BatchedLogOutput) when it is
 * a regular file (`node dist/server/main.js >> server.log`, as scripts/cluster.sh starts the
 * replicas), where a synchronous write never waits for a reader. A pipe or a terminal (a
 * container's log driver, `npm start`) keeps pino's own destination: undefined.
 */
export function serverLogOutput(): BatchedLogOutput | undefined {
  if (stdoutOutput === undefined) {
    let isFile = false;
    try {
      isFile = fstatSync(1).isFile();
    } catch {
      // no standard output
    }
    stdoutOutput = isFile ? new BatchedLogOutput(1) : null;
    if (stdoutOutput) {
      const output = stdoutOutput;
      process.on("exit", () => output.flush());
    }
  }
  return stdoutOutput ?? undefined;
}
