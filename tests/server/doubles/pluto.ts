import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for NYC Open Data's Socrata API serving the PLUTO dataset (64uk-42ks):
 * GET /resource/64uk-42ks.json?bbl=... answers a JSON array of rows whose fields are
 * strings, as Socrata's SODA API does (numbers as text, bbl with decimals).
 */
export interface PlutoDouble {
  url: string;
  /** Env for startTestServer. */
  env: Record<string, string>;
  /** Every request path+query the double received. */
  requests: string[];
  /** "ok" answers rows; "error" answers 500; "hang" never answers (for the timeout). */
  mode: "ok" | "error" | "hang";
  close(): Promise<void>;
}

/** A Manhattan office building and a Brooklyn walk-up, in PLUTO's own field names. */
const PLUTO_ROWS: Record<string, Record<string, string>> = {
  "1011190036": {
    borough: "MN",
    block: "1119",
    lot: "36",
    address: "100 CENTRAL PARK WEST",
    zipcode: "10023",
    ownername: "CPW OWNER LLC",
    bldgclass: "D4",
    landuse: "03",
    unitsres: "120",
    unitstotal: "124",
    comarea: "3200",
    assesstot: "4500000",
    yearbuilt: "1929",
    bbl: "1011190036.00000000",
  },
  "3001230045": {
    borough: "BK",
    block: "123",
    lot: "45",
    address: "45 JORALEMON STREET",
    zipcode: "11201",
    ownername: "SMITH, JANE",
    bldgclass: "C0",
    unitsres: "3",
    unitstotal: "3",
    comarea: "0",
    assesstot: "98000",
    yearbuilt: "1899",
    bbl: "3001230045",
  },
};

export async function startPlutoDouble(): Promise<PlutoDouble> {
  const sockets = new Set<import("node:net").Socket>();
  const double: PlutoDouble = {
    url: "",
    env: {},
    requests: [],
    mode: "ok",
    close: async () => {},
  };
  const server: Server = createServer((req, res) => {
    double.requests.push(req.url ?? "");
    const url = new URL(req.url ?? "/", "http://localhost");
    if (double.mode === "hang") return; // never answers
    if (double.mode === "error") {
      res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: true, message: "Internal error" }));
      return;
    }
    if (url.pathname !== "/resource/64uk-42ks.json") {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ code: "not_found", error: true, message: "Not found" }));
      return;
    }
    const row = PLUTO_ROWS[url.searchParams.get("bbl") ?? ""];
    res.writeHead(200, { "content-type": "application/json;charset=utf-8" });
    res.end(JSON.stringify(row ? [row] : []));
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  double.url = `http://127.0.0.1:${port}`;
  double.env = { NYC_OPEN_DATA_URL: double.url };
  double.close = async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return double;
}
