import { spawnSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { BatchedLogOutput } from "../../src/server/plugins/log-output";

const nextTurn = () => new Promise((r) => setImmediate(r));

describe("BatchedLogOutput", () => {
  it("writes the lines of one turn of the event loop together, in order, and the next turn's apart", async () => {
    const writes: string[] = [];
    const out = new BatchedLogOutput(1, (_fd, text) => writes.push(text));
    out.write('{"msg":"a"}\n');
    out.write('{"msg":"b"}\n');
    out.write('{"msg":"c"}\n');
    expect(writes).toEqual([]);
    await nextTurn();
    out.write('{"msg":"d"}\n');
    await nextTurn();
    expect(writes).toEqual(['{"msg":"a"}\n{"msg":"b"}\n{"msg":"c"}\n', '{"msg":"d"}\n']);
  });

  it("keeps logging after a write fails", async () => {
    const writes: string[] = [];
    let fail = true;
    const out = new BatchedLogOutput(1, (_fd, text) => {
      if (fail) throw new Error("EIO");
      writes.push(text);
    });
    out.write("lost\n");
    await nextTurn();
    fail = false;
    out.write("kept\n");
    await nextTurn();
    expect(writes).toEqual(["kept\n"]);
  });

  it("writes the lines still gathered when the process exits (a fatal error logged just before process.exit)", () => {
    const file = join(mkdtempSync(join(tmpdir(), "log-output-")), "server.log");
    const fd = openSync(file, "a");
    const module = resolve(import.meta.dirname, "../../src/server/plugins/log-output.ts");
    const script = `const { serverLogOutput } = await import(${JSON.stringify(module)});
      const out = serverLogOutput();
      if (!out) throw new Error("standard output is a file: expected the batched output");
      out.write("first\\n");
      out.write("shutdown failed\\n");
      process.exit(3);`;
    const child = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      stdio: ["ignore", fd, "pipe"],
      encoding: "utf8",
    });
    closeSync(fd);
    expect(child.stderr).toBe("");
    expect(child.status).toBe(3);
    expect(readFileSync(file, "utf8")).toBe("first\nshutdown failed\n");
  });
});
